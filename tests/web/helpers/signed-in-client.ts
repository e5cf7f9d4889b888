import { QueryClient } from "@tanstack/react-query";
import { ME_KEY } from "../../../web/auth/use-me.ts";

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
