// Vite replaces import.meta.env.DEV when it bundles the worker (true only under `vite dev`).
interface ImportMetaEnv {
  readonly DEV: boolean;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
