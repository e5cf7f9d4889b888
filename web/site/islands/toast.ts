// A tiny toast for the public pages (sonner would cost more than this whole bundle): messages
// go into the page's role="status" live region so screen readers announce them.
export type ToastTone = "default" | "destructive";

const VISIBLE_MS = 5000;

export function showToast(title: string, description: string, tone: ToastTone = "default") {
  const region = document.getElementById("toasts");
  if (!region) return;
  const toast = document.createElement("div");
  toast.dataset.toast = tone;
  toast.className =
    tone === "destructive"
      ? "pointer-events-auto w-full max-w-sm rounded-2xl border-2 border-danger bg-[#fbe7e7] px-4 py-3 text-danger shadow-lg"
      : "pointer-events-auto w-full max-w-sm rounded-2xl border-2 border-success bg-[#e5f3e6] px-4 py-3 text-ink shadow-lg";
  const strong = document.createElement("p");
  strong.className = "font-extrabold";
  strong.textContent = title;
  const text = document.createElement("p");
  text.textContent = description;
  toast.append(strong, text);
  // Keep at most three on screen.
  while (region.childElementCount >= 3) region.firstElementChild?.remove();
  region.append(toast);
  setTimeout(() => toast.remove(), VISIBLE_MS);
}
