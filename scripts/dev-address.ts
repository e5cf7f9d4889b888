// The port `npm run dev` serves on: the one passed after `--` (`npm run dev -- --port 5200`, or
// `--port=5200`), else PORT, else Vite's 5173. Vite is given that one port (strictly), so the
// banner prints the address the app is really at.

export const DEFAULT_DEV_PORT = "5173";

/** The port to serve on, and the other arguments for Vite. */
export function devAddress(
  args: readonly string[],
  env: { PORT?: string | undefined },
): { port: string; url: string; viteArgs: string[] } {
  let port = env.PORT || DEFAULT_DEV_PORT;
  const viteArgs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--port" && args[i + 1] !== undefined) {
      port = args[++i]!;
    } else if (arg.startsWith("--port=")) {
      port = arg.slice("--port=".length);
    } else {
      viteArgs.push(arg);
    }
  }
  return { port, url: `http://localhost:${port}`, viteArgs };
}
