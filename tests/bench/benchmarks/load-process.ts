// A child process of the load run (load.ts): reads its slice of riders as JSON on stdin, runs
// them until the common deadline and writes its figures as JSON on stdout.
import { type LoadSlice, runLoadSlice } from "./load.ts";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const recorder = await runLoadSlice(JSON.parse(input) as LoadSlice);
process.stdout.write(JSON.stringify(recorder));
