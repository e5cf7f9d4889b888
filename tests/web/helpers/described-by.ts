/** What a screen reader reads after a control's name: the texts its aria-describedby points to. */
export function describedBy(control: Element): string {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => control.ownerDocument.getElementById(id)?.textContent ?? "")
    .join(" ");
}
