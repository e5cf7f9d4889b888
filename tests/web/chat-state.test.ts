// The chat's pure reducer (web/chat/chat-state.ts): every action, without React or a socket.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import {
  type ChatAction,
  type ChatState,
  chatReducer,
  initialChatState,
  listedMessages,
  type UiMessage,
} from "../../web/chat/chat-state.ts";

const message = (id: string, minute: number, userId = "u2"): ChatMessage => ({
  id,
  rideId: "ride_0001",
  userId,
  kind: "user",
  text: `texto ${id}`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString(),
});

const pending = (id: string, minute: number): UiMessage => ({
  ...message(id, minute, "me"),
  status: "pending",
});

const run = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChatState);

const statuses = (state: ChatState) =>
  Object.fromEntries([...state.byId].map(([id, m]) => [id, m.status]));

describe("the chat reducer", () => {
  it("starts empty, with no history loaded and nothing older", () => {
    expect(initialChatState.byId.size).toBe(0);
    expect(initialChatState).toMatchObject({
      hasOlder: false,
      loadingOlder: false,
      historyLoaded: false,
    });
  });

  it("merge: adds messages as sent and replaces a copy with the same id", () => {
    const state = run(
      { type: "pending", message: pending("c1", 5) },
      { type: "merge", messages: [message("m1", 1)] },
      // The ack: the server's copy of her pending message, same id.
      { type: "merge", messages: [{ ...message("c1", 6, "me"), text: "guardado" }] },
    );
    expect(statuses(state)).toEqual({ m1: "sent", c1: "sent" });
    expect(state.byId.get("c1")?.text).toBe("guardado");
    // A merge is not a history page: it decides nothing about older messages.
    expect(state.historyLoaded).toBe(false);
  });

  it("merge: never mutates the state it was given", () => {
    const before = run({ type: "merge", messages: [message("m1", 1)] });
    const after = chatReducer(before, { type: "merge", messages: [message("m2", 2)] });
    expect(before.byId.size).toBe(1);
    expect(after.byId.size).toBe(2);
  });

  it("page: the first page sets whether older ones remain and marks the history loaded", () => {
    const state = run({
      type: "page",
      messages: [message("m5", 5), message("m6", 6)],
      hasMore: true,
    });
    expect(state).toMatchObject({ hasOlder: true, historyLoaded: true, loadingOlder: false });
    expect(statuses(state)).toEqual({ m5: "sent", m6: "sent" });
  });

  it("page: an empty first page is a really empty chat", () => {
    const state = run({ type: "page", messages: [], hasMore: false });
    expect(state).toMatchObject({ hasOlder: false, historyLoaded: true });
  });

  it("page: an older page reaching back decides hasOlder and ends the loading", () => {
    const state = run(
      { type: "page", messages: [message("m5", 5)], hasMore: true },
      { type: "loadingOlder" },
      { type: "page", messages: [message("m1", 1), message("m2", 2)], hasMore: false },
    );
    expect(state.hasOlder).toBe(false);
    expect(state.loadingOlder).toBe(false);
    expect(listedMessages(state.byId).map((m) => m.id)).toEqual(["m1", "m2", "m5"]);
  });

  it("page: a page that does not reach back past what is held keeps hasOlder", () => {
    // The socket's latest page arrives after an older page was already loaded.
    const state = run(
      { type: "page", messages: [message("m1", 1), message("m2", 2)], hasMore: true },
      { type: "page", messages: [message("m2", 2), message("m3", 3)], hasMore: false },
    );
    expect(state.hasOlder).toBe(true);
    expect(state.byId.size).toBe(3);
  });

  it("page: pending messages do not count as held when deciding hasOlder", () => {
    const state = run(
      { type: "pending", message: pending("c1", 0) },
      { type: "page", messages: [message("m5", 5)], hasMore: true },
    );
    expect(state.hasOlder).toBe(true);
  });

  it("pending: adds her optimistic copy as it is", () => {
    const state = run({ type: "pending", message: pending("c1", 5) });
    expect(state.byId.get("c1")).toEqual(pending("c1", 5));
  });

  it("failed: marks a pending message failed with the server's reason", () => {
    const state = run(
      { type: "pending", message: pending("c1", 5) },
      { type: "failed", id: "c1", error: "Vas muy rápido. Espera un momento." },
    );
    expect(state.byId.get("c1")).toMatchObject({
      status: "failed",
      error: "Vas muy rápido. Espera un momento.",
    });
  });

  it("failed: leaves a sent message and an unknown id alone (same state object)", () => {
    const sent = run({ type: "merge", messages: [message("m1", 1)] });
    expect(chatReducer(sent, { type: "failed", id: "m1", error: "x" })).toBe(sent);
    expect(chatReducer(sent, { type: "failed", id: "nope", error: "x" })).toBe(sent);
  });

  it("retry: a failed message is pending again", () => {
    const state = run(
      { type: "pending", message: pending("c1", 5) },
      { type: "failed", id: "c1", error: "x" },
      { type: "retry", id: "c1" },
    );
    expect(state.byId.get("c1")?.status).toBe("pending");
  });

  it("retry: leaves a sent message and an unknown id alone", () => {
    const sent = run({ type: "merge", messages: [message("m1", 1)] });
    expect(chatReducer(sent, { type: "retry", id: "m1" })).toBe(sent);
    expect(chatReducer(sent, { type: "retry", id: "nope" })).toBe(sent);
  });

  it("loadingOlder: sets the flag and keeps the messages", () => {
    const before = run({ type: "merge", messages: [message("m1", 1)] });
    const state = chatReducer(before, { type: "loadingOlder" });
    expect(state.loadingOlder).toBe(true);
    expect(state.byId).toBe(before.byId);
  });

  it("forgetAuthor: drops every message of the rider she blocked, keeps the rest", () => {
    const state = run(
      { type: "merge", messages: [message("m1", 1, "u2"), message("m2", 2, "u3")] },
      { type: "merge", messages: [message("m3", 3, "u2")] },
      { type: "forgetAuthor", userId: "u2" },
    );
    expect([...state.byId.keys()]).toEqual(["m2"]);
  });
});

describe("the listed messages", () => {
  it("are sent ones by time (then id), then the unsent ones by time", () => {
    const state = run(
      { type: "pending", message: pending("c1", 0) },
      { type: "merge", messages: [message("m3", 3), message("mb", 1), message("ma", 1)] },
      { type: "pending", message: pending("c2", 2) },
      { type: "failed", id: "c2", error: "x" },
    );
    expect(listedMessages(state.byId).map((m) => m.id)).toEqual(["ma", "mb", "m3", "c1", "c2"]);
  });
});
