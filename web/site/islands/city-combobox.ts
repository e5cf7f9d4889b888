// City field with suggestions for the waiting list (ARIA combobox, like web/components/
// city-input.tsx without React): up to 10 suggestions from the domain's city list.
import { CITY_SUGGESTIONS_SIGNUP, searchCities } from "../../../domain/cities.ts";

const CLOSE_DELAY_MS = 200;

export function initCityCombobox(input: HTMLInputElement, list: HTMLElement) {
  let active = -1;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  const options = () => [...list.querySelectorAll<HTMLElement>("[role=option]")];

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function highlight(index: number) {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, i) => {
      option.setAttribute("aria-selected", String(i === active));
    });
    const current = all[active];
    if (current) {
      input.setAttribute("aria-activedescendant", current.id);
      current.scrollIntoView({ block: "nearest" });
    }
  }

  function choose(city: string) {
    input.value = city;
    close();
  }

  function open() {
    const cities = searchCities(input.value, CITY_SUGGESTIONS_SIGNUP);
    list.replaceChildren(
      ...cities.map((city, i) => {
        const li = document.createElement("div");
        li.id = `${list.id}-${i}`;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.textContent = city;
        li.className =
          "flex min-h-11 cursor-pointer items-center px-4 hover:bg-primary-soft aria-selected:bg-primary-soft";
        // mousedown (not click) so the choice lands before the input's blur closes the list.
        li.addEventListener("mousedown", (event) => {
          event.preventDefault();
          choose(city);
        });
        return li;
      }),
    );
    active = -1;
    list.hidden = cities.length === 0;
    input.setAttribute("aria-expanded", String(cities.length > 0));
  }

  input.addEventListener("input", open);
  input.addEventListener("focus", () => {
    clearTimeout(closeTimer);
    open();
  });
  input.addEventListener("blur", () => {
    closeTimer = setTimeout(close, CLOSE_DELAY_MS);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (list.hidden) open();
      highlight(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter" && !list.hidden && active >= 0) {
      event.preventDefault();
      const city = options()[active]?.textContent;
      if (city) choose(city);
    } else if (event.key === "Escape") {
      close();
    }
  });
}
