// Non-JavaScript modules the worker imports (Workers module rules; the Vite and vitest plugins
// load them the same way): WebAssembly as a compiled module, .bin files as bytes.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
