import { toast } from "sonner";
import type { z } from "zod";
import { parseInput } from "../../domain/schemas.ts";

/**
 * Checks a form's values with the schema the API uses: on failure shows each field's message
 * next to it (through `setErrors`) and the first one as a toast, and returns null.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  setErrors: (errors: Record<string, string>) => void,
): z.output<S> | null {
  const parsed = parseInput(schema, values);
  if (!parsed.ok) {
    setErrors(parsed.error.fields ?? {});
    toast.error(parsed.error.message);
    return null;
  }
  setErrors({});
  return parsed.data;
}
