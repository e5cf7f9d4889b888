import { Camera, Mail, Music2 } from "lucide-react";
import { CONTACT_TEXT as TEXT } from "../../domain/texts/info.ts";
import { PageHeader } from "../components/feedback.tsx";
import { CONTACT_EMAIL, INSTAGRAM_URL, TIKTOK_URL } from "../content/site.ts";

const row =
  "flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-surface px-4 font-bold hover:border-primary";

/** /app/contacto: general email, social profiles and legal information. */
export default function AppContact() {
  return (
    <div>
      <PageHeader title={TEXT.title} />
      <p className="text-ink-soft">{TEXT.intro}</p>
      <ul className="mt-4 flex flex-col gap-3">
        <li>
          <a className={row} href={`mailto:${CONTACT_EMAIL}`}>
            <Mail aria-hidden="true" className="text-primary" /> {CONTACT_EMAIL}
          </a>
        </li>
        <li>
          <a className={row} href={INSTAGRAM_URL} rel="noopener" target="_blank">
            <Camera aria-hidden="true" className="text-primary" /> {TEXT.instagram}
          </a>
        </li>
        <li>
          <a className={row} href={TIKTOK_URL} rel="noopener" target="_blank">
            <Music2 aria-hidden="true" className="text-primary" /> {TEXT.tiktok}
          </a>
        </li>
      </ul>
      <h2 className="mt-8 text-lg font-extrabold">{TEXT.legal}</h2>
      <p className="mt-1 text-sm text-ink-soft">{TEXT.legalText(CONTACT_EMAIL)}</p>
      <ul className="mt-3 flex flex-col text-primary">
        {[
          ["/privacy", TEXT.privacy],
          ["/terms", TEXT.terms],
          ["/waiver", TEXT.waiver],
          ["/ai-policy", TEXT.aiPolicy],
        ].map(([href, label]) => (
          <li key={href}>
            <a className="inline-flex min-h-11 items-center font-bold underline" href={href}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
