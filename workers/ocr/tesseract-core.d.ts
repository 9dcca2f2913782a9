// The emscripten factory of tesseract.js-core (untyped UMD script) as seen by the type-check.
declare module "tesseract.js-core/tesseract-core-simd-lstm.js" {
  const createCore: (moduleArg: object) => Promise<unknown>;
  export default createCore;
}
