import type { z } from "zod";
import { toast } from "../lib/toast.ts";

type Schemas = typeof import("../../domain/schemas.ts");

/**
 * Checks a form's values with the schema the API uses: on failure shows each field's message
 * next to it (through `setErrors`) and the first one as a toast, and resolves to null.
 * The schemas (and zod with them) load on first use, not with the screen: the login and
 * sign-up screens paint without them.
 */
export async function validateForm<S extends z.ZodType>(
  pick: (schemas: Schemas) => S,
  values: unknown,
  setErrors: (errors: Record<string, string>) => void,
): Promise<z.output<S> | null> {
  const schemas = await import("../../domain/schemas.ts");
  const parsed = schemas.parseInput(pick(schemas), values);
  if (!parsed.ok) {
    setErrors(parsed.error.fields ?? {});
    toast.error(parsed.error.message);
    return null;
  }
  setErrors({});
  return parsed.data;
}

/** Starts loading the schemas while the rider types, so the first submit does not wait. */
export function preloadFormSchemas() {
  void import("../../domain/schemas.ts");
}
