import { useId, useState } from "react";
import { INFO_TEXT } from "../../domain/texts/info.ts";
import { PageHeader } from "../components/feedback.tsx";
import { APP_FAQS } from "../content/faqs.ts";

/** /app/faqs: the app's questions, one answer open at a time. */
export default function AppFaqs() {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  return (
    <div>
      <PageHeader title={INFO_TEXT.faqs} />
      <div className="divide-y divide-line rounded-3xl border border-line bg-surface">
        {APP_FAQS.map((faq, i) => {
          const expanded = open === i;
          return (
            <div key={faq.question}>
              <h2 className="font-bold">
                <button
                  type="button"
                  id={`${base}-q${i}`}
                  aria-expanded={expanded}
                  aria-controls={`${base}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex min-h-14 w-full items-center justify-between gap-3 px-4 py-3 text-left"
                >
                  <span>{faq.question}</span>
                  <span aria-hidden="true" className="text-2xl leading-none text-primary">
                    {expanded ? "−" : "+"}
                  </span>
                </button>
              </h2>
              <section
                id={`${base}-a${i}`}
                aria-labelledby={`${base}-q${i}`}
                hidden={!expanded}
                className="px-4 pb-4 text-ink-soft"
              >
                <p>{faq.answer}</p>
              </section>
            </div>
          );
        })}
      </div>
    </div>
  );
}
