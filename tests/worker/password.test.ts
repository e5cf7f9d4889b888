import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hashPassword,
  PRODUCTION_PARAMS,
  setHashCostForTests,
  verifyPassword,
} from "../../worker/auth/password.ts";
import { users } from "../../worker/db/schema.ts";
import { db } from "./helpers/factories.ts";
import { TEST_HASH_COST } from "./helpers/hash-cost.ts";
import { Browser, json } from "./helpers/http.ts";

// The rest of the suite hashes cheaply (setup.ts); here the worker runs at production's cost.
describe("password hashing at production's cost", () => {
  beforeAll(() => setHashCostForTests(PRODUCTION_PARAMS));
  afterAll(() => setHashCostForTests(TEST_HASH_COST));

  it("is OWASP's scrypt floor, stored in PHC form with its parameters", () => {
    expect(PRODUCTION_PARAMS).toEqual({ N: 2 ** 14, r: 8, p: 5 });
  });

  it("signs up and logs in with a hash at N=2^14, r=8, p=5", async () => {
    const email = `coste.${Date.now()}@example.com`;
    const browser = new Browser();
    const signup = await browser.post("/api/auth/signup", { email, password: "bici-segura-1" });
    expect(signup.status).toBe(201);
    const row = await db().select().from(users).where(eq(users.email, email)).get();
    expect(row?.passwordHash).toMatch(
      /^\$scrypt\$ln=14,r=8,p=5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
    );
    const login = await new Browser().post("/api/auth/login", { email, password: "bici-segura-1" });
    expect(login.status).toBe(200);
    expect((await json(login)).user.email).toBe(email);
  });

  it("verifies a hash by the parameters stored in it, whatever the current cost", async () => {
    const production = await hashPassword("rueda");
    setHashCostForTests(TEST_HASH_COST);
    const cheap = await hashPassword("rueda");
    expect(cheap).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(await verifyPassword("rueda", production)).toBe(true);
    expect(await verifyPassword("Rueda", production)).toBe(false);
    setHashCostForTests(PRODUCTION_PARAMS);
    expect(await verifyPassword("rueda", cheap)).toBe(true);
  });
});
