// Vite asset URL imports as seen by the worker type-check (the SPA's tsconfig gets them from vite/client).
declare module "*?url" {
  const url: string;
  export default url;
}
