import { Camera, Mail, Music2 } from "lucide-react";
import { PageHeader } from "../components/feedback.tsx";
import { CONTACT_EMAIL, INSTAGRAM_URL, TIKTOK_URL } from "../content/site.ts";

const row =
  "flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-surface px-4 font-bold hover:border-primary";

/** /app/contacto: general email, social profiles and legal information. */
export default function AppContact() {
  return (
    <div>
      <PageHeader title="Contacto" />
      <p className="text-ink-soft">
        ¿Dudas, ideas o algo que no funciona? Escríbenos y te responderemos lo antes posible.
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        <li>
          <a className={row} href={`mailto:${CONTACT_EMAIL}`}>
            <Mail aria-hidden="true" className="text-primary" /> {CONTACT_EMAIL}
          </a>
        </li>
        <li>
          <a className={row} href={INSTAGRAM_URL} rel="noopener" target="_blank">
            <Camera aria-hidden="true" className="text-primary" /> Instagram: @rodamos.app
          </a>
        </li>
        <li>
          <a className={row} href={TIKTOK_URL} rel="noopener" target="_blank">
            <Music2 aria-hidden="true" className="text-primary" /> TikTok: @rodamos.app
          </a>
        </li>
      </ul>
      <h2 className="mt-8 text-lg font-extrabold">Información legal</h2>
      <p className="mt-1 text-sm text-ink-soft">
        Rodamos es una comunidad para mujeres ciclistas de 16 años o más. Para ejercer tus derechos
        sobre tus datos, escríbenos a {CONTACT_EMAIL}.
      </p>
      <ul className="mt-3 flex flex-col text-primary">
        {[
          ["/privacy", "Política de privacidad"],
          ["/terms", "Términos de uso"],
          ["/waiver", "Descargo de responsabilidad"],
          ["/ai-policy", "Política de uso de IA"],
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
