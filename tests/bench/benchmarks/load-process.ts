// A child process of the load run (load.ts): reads its slice of riders as JSON on stdin, runs
// them until the common deadline and writes its figures as JSON on stdout.
import { childInput } from "../child-process.ts";
import { type LoadSlice, runLoadSlice } from "./load.ts";

const recorder = await runLoadSlice(await childInput<LoadSlice>());
process.stdout.write(JSON.stringify(recorder));
