import { QueryClient } from "@tanstack/react-query";
import type { MeResponse } from "../../../domain/api-types.ts";
import { ME_KEY } from "../../../web/session/use-me.ts";

/** A query client that already knows who she is: Ana, signed in with a profile. */
export function signedInClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, {
    user: { id: "u1", username: "Ana", profileComplete: true },
    signupMode: "open",
    googleEnabled: false,
  });
  return client;
}

/** `/api/me` for Ana ("ana", ana_rueda), whose profile says Madrid and road. */
export const ANA_OF_MADRID: MeResponse = {
  user: {
    id: "ana",
    email: "ana@example.com",
    username: "ana_rueda",
    avatarKey: "ava01",
    avatarUrl: null,
    city: "Madrid",
    modalities: ["road"],
    profileComplete: true,
    hasPassword: true,
    isModerator: false,
    createdAt: 0,
  },
  signupMode: "open",
  googleEnabled: false,
};
