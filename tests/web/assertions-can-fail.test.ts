// Every assertion can fail. A Testing Library or Playwright query checked only for being there
// cannot: getBy… and findBy… throw when nothing matches, so what they return is always truthy and
// defined, and a Playwright locator is an object whatever the page holds. Such a line reads like
// a check and checks nothing: a test says what the element means (its text, its role, whether
// it is enabled, where it stands), or just awaits the query when all it needs is to wait.
//
// Read with TypeScript's parser, so a call spread over several lines, wrapped in parentheses or
// `as` casts, or kept in a variable first is caught as well as the one-line form.
//
// Lives in the web project because that project has node:fs (see tests/web/repo-pointers.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesUnder, repoRoot } from "./helpers/repo-files.ts";

/** getBy…, findBy…, queryBy… and their All forms (Testing Library's, and Playwright's getBy…). */
const QUERY = /^(?:get|find|query)(?:All)?By[A-Z]\w*$/;
/**
 * Matchers that only say a value exists, as `expect(x).matcher()` and `expect(x).not.matcher()`.
 * A queryBy… gives null when nothing matches: only "defined" cannot fail for it.
 */
const EXISTS = {
  always: {
    plain: new Set(["toBeTruthy", "toBeDefined"]),
    not: new Set(["toBeNull", "toBeUndefined", "toBeFalsy"]),
  },
  orNull: { plain: new Set(["toBeDefined"]), not: new Set(["toBeUndefined"]) },
};

function testFiles(): string[] {
  const typeScript = (name: string) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts");
  return filesUnder("tests", typeScript, new Set(["node_modules"]));
}

/** The expression under `await`, parentheses, `!` and `as`/`satisfies`. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    if (
      ts.isAwaitExpression(current) ||
      ts.isParenthesizedExpression(current) ||
      ts.isNonNullExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current)
    ) {
      current = current.expression;
    } else {
      return current;
    }
  }
}

/** The query a call makes (`screen.getByText`, `within(x).findByRole`, `getByLabelText`), or null. */
function queryCalled(node: ts.Expression): string | null {
  const call = unwrap(node);
  if (!ts.isCallExpression(call)) return null;
  const callee = call.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : null;
  return name && QUERY.test(name) ? name : null;
}

/** `expect(subject).matcher()` or `expect(subject).not.matcher()`, taken apart; or null. */
function assertion(call: ts.CallExpression) {
  const matcher = call.expression;
  if (!ts.isPropertyAccessExpression(matcher) || call.arguments.length > 0) return null;
  let target = matcher.expression;
  let negated = false;
  if (ts.isPropertyAccessExpression(target) && target.name.text === "not") {
    negated = true;
    target = target.expression;
  }
  if (!ts.isCallExpression(target) || !ts.isIdentifier(target.expression)) return null;
  if (target.expression.text !== "expect" || !target.arguments[0]) return null;
  return { subject: target.arguments[0], matcher: matcher.name.text, negated };
}

/** Whether `matcher` can fail on what `query` returns. */
function cannotFail(query: string, matcher: string, negated: boolean): boolean {
  const sets = query.startsWith("query") ? EXISTS.orNull : EXISTS.always;
  return (negated ? sets.not : sets.plain).has(matcher);
}

/** Each assertion in `source` that only checks that a query found something. */
function vacuousAssertions(source: string, fileName = "sample.tsx"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  // The query behind each name only ever given one query's result (`const b = getByRole(…)`).
  const queried = new Map<string, string | null>();
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const query = node.initializer ? queryCalled(node.initializer) : null;
      const before = queried.get(node.name.text);
      queried.set(node.name.text, before === undefined || before === query ? query : null);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const check = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const parts = assertion(node);
      if (parts) {
        const inner = unwrap(parts.subject);
        const query =
          queryCalled(parts.subject) ??
          (ts.isIdentifier(inner) ? (queried.get(inner.text) ?? null) : null);
        if (query && cannotFail(query, parts.matcher, parts.negated)) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
          const text = node.getText(file).replace(/\s+/g, " ");
          found.push(`${fileName}:${line + 1}: ${text}`);
        }
      }
    }
    ts.forEachChild(node, check);
  };
  check(file);
  return found;
}

describe("assertions that cannot fail", () => {
  it("are in no test", () => {
    const files = testFiles();
    expect(files).toContain("tests/web/assertions-can-fail.test.ts");
    expect(files).toContain("tests/e2e/fixtures.ts");
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(repoRoot, file), "utf8");
      // Parsed only when it may hold one: a query and an existence matcher.
      const candidate =
        /By[A-Z]/.test(text) && /\.(?:toBe(?:Truthy|Defined|Null|Undefined|Falsy))\(/.test(text);
      return candidate ? vacuousAssertions(text, file) : [];
    });
    expect(found).toEqual([]);
  });

  it("finds what it is meant to find, on one line or several", () => {
    // Samples on one line are put together here, so that no line of this file is itself the
    // pattern that grep-based checks of the repository look for.
    const oneLine = (query: string, matcher: string) => `expect(${query}).${matcher}();`;
    const caught = [
      oneLine(`screen.getByText("Hola")`, "toBeTruthy"),
      oneLine(`await screen.findByRole("button", { name: "Unirme" })`, "toBeDefined"),
      `expect(\n  await screen.findByRole("dialog", {\n    name: "¿Cancelar la salida?",\n  }),\n).toBeTruthy();`,
      `expect(within(list).getAllByRole("listitem")).toBeDefined();`,
      `expect(screen.getByLabelText("Título") as HTMLInputElement).not.toBeNull();`,
      `expect((await findByText("x"))!).not.toBeUndefined();`,
      `expect(screen.queryByText("Hecho")).toBeDefined();`,
      `expect(screen.queryAllByRole("row")).not.toBeUndefined();`,
      oneLine(`page.getByRole("heading", { name: "Buscar" })`, "toBeTruthy"),
      `const button = screen.getByRole("button");\nexpect(button).toBeTruthy();`,
    ];
    for (const sample of caught) expect(vacuousAssertions(sample), sample).toHaveLength(1);

    const fine = [
      `expect(screen.getByText("Hola").textContent).toBe("Hola");`,
      `expect(screen.queryByText("Adiós")).toBeNull();`,
      `expect(screen.queryByText("¡Tienes plaza!")).not.toBeNull();`,
      `expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(false);`,
      `await screen.findByRole("heading", { name: /Participantes/ });`,
      `expect(FakeWebSocket.last).toBeDefined();`,
      `expect(rides.find((r) => r.id === id)).toBeDefined();`,
      `await expect(page.getByText("Hecho")).toBeVisible();`,
      `let card = getCard();\ncard = screen.getByRole("article");\nexpect(card).toBeTruthy();`,
    ];
    for (const sample of fine) expect(vacuousAssertions(sample), sample).toEqual([]);
  });
});
