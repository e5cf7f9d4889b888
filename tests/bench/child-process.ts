// A benchmark's clients in a Node process of their own: it holds only its sockets and requests,
// not the bench's dataset, and its event loop is not the main process's.
import { spawn } from "node:child_process";

/** Runs `script` with `input` as JSON on stdin; resolves with the JSON it writes on stdout. */
export function runInChild<Input, Output>(script: string, input: Input): Promise<Output> {
  const child = spawn(process.execPath, ["--no-warnings", script], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(JSON.stringify(input));
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Output)
        : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

/** The child's side: its input, read from stdin. */
export async function childInput<Input>(): Promise<Input> {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  return JSON.parse(input) as Input;
}
