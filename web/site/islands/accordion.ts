// FAQ accordions (docs/product.md#public-site): one item open at a time, or none; the open one
// collapses again.

function setOpen(trigger: HTMLElement, open: boolean) {
  trigger.setAttribute("aria-expanded", String(open));
  const panel = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
  if (panel) panel.dataset.state = open ? "open" : "closed";
  const icon = trigger.querySelector<HTMLElement>("[data-accordion-icon]");
  if (icon) icon.textContent = open ? "−" : "+";
}

export function initAccordions(root: ParentNode) {
  for (const accordion of root.querySelectorAll<HTMLElement>("[data-accordion]")) {
    const triggers = [...accordion.querySelectorAll<HTMLElement>("[data-accordion-trigger]")];
    for (const trigger of triggers) {
      trigger.addEventListener("click", () => {
        const wasOpen = trigger.getAttribute("aria-expanded") === "true";
        for (const other of triggers) setOpen(other, false);
        if (!wasOpen) setOpen(trigger, true);
      });
    }
  }
}
