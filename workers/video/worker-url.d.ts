// Vite's bundled-worker URL imports as seen by the worker type-check (the SPA's tsconfig gets them from vite/client).
declare module "*?worker&url" {
  const url: string;
  export default url;
}
