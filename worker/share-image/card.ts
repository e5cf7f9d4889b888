// The share preview card as a satori element tree: pure data, no WebAssembly, so the tests
// (and anything else) can read what the card says without loading the drawing worker's modules.
import type { GroupSharePreview } from "../../domain/group-preview.ts";
import type { SharePreview } from "../../domain/share-preview.ts";

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

/** A satori element (the shape React elements have), without React on the worker. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}

const el = (
  type: string,
  style: Record<string, string | number>,
  ...children: (Node | string | null)[]
): Node => ({ type, props: { style, children: children.filter((c) => c !== null) } });

const COLORS = {
  primary: "#C2185B",
  amber: "#FFB300",
  ink: "#1F1A24",
  soft: "#5B5563",
  background: "#FFF8F5",
  surface: "#FFFFFF",
  success: "#2E7D32",
  danger: "#C62828",
};

const STATE_COLORS: Record<SharePreview["state"], { background: string; color: string }> = {
  open: { background: COLORS.success, color: "#FFFFFF" },
  full: { background: COLORS.amber, color: COLORS.ink },
  cancelled: { background: COLORS.danger, color: "#FFFFFF" },
  past: { background: COLORS.soft, color: "#FFFFFF" },
};

const chip = (text: string) =>
  el(
    "div",
    {
      display: "flex",
      padding: "10px 24px",
      borderRadius: 999,
      background: "#FCE4EC",
      color: COLORS.primary,
      fontSize: 30,
      fontWeight: 700,
      marginRight: 16,
    },
    text,
  );

/** Both cards' page: the app's background and type, its colour along the top. */
const card = (...children: (Node | string | null)[]) =>
  el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      width: "100%",
      height: "100%",
      background: COLORS.background,
      padding: "56px 64px",
      fontFamily: "Nunito",
      color: COLORS.ink,
      borderTop: `16px solid ${COLORS.primary}`,
    },
    ...children,
  );

/** The card; every text on it comes from `preview` (see domain/share-preview.ts). */
export function previewCard(preview: SharePreview): Node {
  const title = preview.title.length > 70 ? `${preview.title.slice(0, 69)}…` : preview.title;
  const state = STATE_COLORS[preview.state];
  return card(
    el(
      "div",
      { display: "flex", justifyContent: "space-between", alignItems: "center" },
      el(
        "div",
        { display: "flex", fontSize: 40, fontWeight: 800, color: COLORS.primary },
        "Rodamos",
      ),
      el(
        "div",
        {
          display: "flex",
          padding: "12px 28px",
          borderRadius: 999,
          fontSize: 34,
          fontWeight: 800,
          background: state.background,
          color: state.color,
        },
        preview.stateText,
      ),
    ),
    el(
      "div",
      {
        display: "flex",
        marginTop: 36,
        fontSize: title.length > 40 ? 60 : 72,
        fontWeight: 800,
        lineHeight: 1.1,
      },
      title,
    ),
    el("div", { display: "flex", marginTop: 28, fontSize: 36, fontWeight: 700 }, preview.when),
    el(
      "div",
      { display: "flex", marginTop: 8, fontSize: 36, fontWeight: 700, color: COLORS.soft },
      preview.city,
    ),
    el(
      "div",
      { display: "flex", marginTop: "auto", alignItems: "center" },
      chip(preview.level),
      chip(preview.modalities),
      preview.distance ? chip(preview.distance) : null,
    ),
  );
}

/** A group's card (domain/group-preview.ts): its name, what it rides where, and its size. */
export function groupPreviewCard(preview: GroupSharePreview): Node {
  const name = preview.name.length > 60 ? `${preview.name.slice(0, 59)}…` : preview.name;
  return card(
    el("div", { display: "flex", fontSize: 40, fontWeight: 800, color: COLORS.primary }, "Rodamos"),
    el(
      "div",
      {
        display: "flex",
        marginTop: 48,
        fontSize: name.length > 36 ? 64 : 78,
        fontWeight: 800,
        lineHeight: 1.1,
      },
      name,
    ),
    el(
      "div",
      { display: "flex", marginTop: 28, fontSize: 38, fontWeight: 700, color: COLORS.soft },
      preview.about,
    ),
    el("div", { display: "flex", marginTop: "auto", alignItems: "center" }, chip(preview.members)),
  );
}

/** Every text the card draws, in order (for tests: nothing private may be among them). */
export function cardTexts(node: Node | string): string[] {
  if (typeof node === "string") return [node];
  const children = node.props.children;
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).flatMap(cardTexts);
}
