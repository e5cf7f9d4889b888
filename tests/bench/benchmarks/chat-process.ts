// The chat benchmarks (chat-fanout.ts, group-chat-fanout.ts) in a process of their own, started by
// run.ts. They time each send from the client's side, so a pause of the client's process counts
// as the fan-out's: the bench's main process holds the dataset (~150 MB), and V8's full
// collections there paused it for 16–113 ms, the slowest samples of a run (docs/benchmarks.md,
// 2026-11-29). Here the heap holds only the sockets.
import { childInput } from "../child-process.ts";
import { phaseTimer } from "../stats.ts";
import { chatFanoutReport, fanOutScaling, prepareChatFanout } from "./chat-fanout.ts";
import { groupChatFanoutReport, prepareGroupChat } from "./group-chat-fanout.ts";

export interface ChatBenchInput {
  baseURL: string;
  smoke: boolean;
}

export interface ChatBenchOutput {
  ok: boolean;
  sections: string[];
  /** Each benchmark's seconds, for the run's phase table. */
  phases: [string, number][];
}

const { baseURL, smoke } = await childInput<ChatBenchInput>();
const { phases, timed } = phaseTimer();

const fanout = await prepareChatFanout(baseURL);
const chat = await timed("chat fan-out", () =>
  chatFanoutReport(baseURL, fanout.cookies, fanout.rideId),
);
// Riders of their own: the pace counts each rider's sends over a minute.
const big = await prepareChatFanout(baseURL);
const scaling = await timed("chat fan-out by room size", () =>
  smoke
    ? fanOutScaling(baseURL, big.cookies, big.rideId, [20, 40], 5)
    : fanOutScaling(baseURL, big.cookies, big.rideId),
);
// 'Charla del grupo': a group's own room (GroupRoom), 20 members with 50 sockets.
const group = await prepareGroupChat(baseURL);
const groupChat = await timed("group chat fan-out", () =>
  groupChatFanoutReport(baseURL, group, smoke ? 5 : 100),
);
const output: ChatBenchOutput = {
  ok: chat.ok,
  sections: [
    `## Chat fan-out (one ride, 20 sockets)\n\n${chat.markdown}`,
    `## Chat fan-out by room size (20 riders, several tabs each; send → received on all)\n\n${scaling}`,
    `## Group chat fan-out (one group, 20 members, 50 sockets; send → received on all)\n\n${groupChat.markdown}`,
  ],
  phases,
};
process.stdout.write(JSON.stringify(output));
