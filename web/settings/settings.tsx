import { ChevronDown, Mail, ShieldCheck } from "lucide-react";
import { Link } from "react-router-dom";
import { CONTACT_EMAIL } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { SETTINGS_FAQ, SETTINGS_TEXT as TEXT } from "../../domain/texts/settings.ts";
import { CalendarSettings } from "../calendar/calendar-settings.tsx";
import { BackButton } from "../components/back-button.tsx";
import { ButtonLink, buttonClass } from "../components/button.tsx";
import { PageHeader } from "../components/feedback.tsx";
import { NotificationSettings } from "../notifications/notification-settings.tsx";
import { UpdateButton } from "../pwa/update-button.tsx";
import { BlockedUsersSection } from "../safety/blocked-users.tsx";
import { useMe } from "../session/use-me.ts";
import { LogoutEverywhereSection } from "./logout-everywhere.tsx";

/** The build's version (scripts/vite-pwa.ts writes it into the app page), if any. */
function appVersion(): string | null {
  return document.querySelector('meta[name="rodamos-version"]')?.getAttribute("content") ?? null;
}

/**
 * /app/settings (docs/product.md#settings): notifications and calendar (docs/product.md#web-push
 * and #calendar), 'Actualizar app', blocked riders, 'Cerrar sesión en todos los dispositivos', a
 * short FAQ and the e-mail contact button.
 */
export default function Settings() {
  const version = appVersion();
  const me = useMe().data?.user;
  const username = me?.username ?? "";
  const isModerator = me?.isModerator === true;
  return (
    <div className="flex flex-col gap-6">
      <div className="-mb-4">
        <BackButton fallback={`/app/profile/${encodeURIComponent(username)}`} />
      </div>
      <PageHeader title={TEXT.title} />

      <NotificationSettings />
      <CalendarSettings />

      <section aria-labelledby="settings-app" className="rounded-3xl bg-surface p-5 shadow-sm">
        <h2 id="settings-app" className="text-lg font-extrabold">
          {TEXT.app}
        </h2>
        <p className="mt-1 text-ink-soft">{TEXT.appText}</p>
        <div className="mt-4 flex flex-col items-center gap-2">
          <UpdateButton
            label={TEXT.update}
            errorMessage={MSG.updateSettingsError}
            variant="primary"
            className="w-full"
          />
          {version ? <p className="text-sm text-ink-soft">{TEXT.version(version)}</p> : null}
        </div>
      </section>

      <BlockedUsersSection />
      <LogoutEverywhereSection />

      {isModerator ? (
        <section
          aria-labelledby="settings-moderation"
          className="rounded-3xl bg-surface p-5 shadow-sm"
        >
          <h2 id="settings-moderation" className="text-lg font-extrabold">
            {TEXT.moderation}
          </h2>
          <p className="mt-1 text-ink-soft">{TEXT.moderationText}</p>
          <ButtonLink to="/app/moderacion" variant="secondary" className="mt-4 w-full">
            <ShieldCheck aria-hidden="true" size={18} />
            {TEXT.openModeration}
          </ButtonLink>
        </section>
      ) : null}

      <section aria-labelledby="settings-faq">
        <h2 id="settings-faq" className="mb-3 text-lg font-extrabold">
          {TEXT.faq}
        </h2>
        <div className="flex flex-col gap-2">
          {SETTINGS_FAQ.map((item) => (
            <details key={item.question} className="group rounded-2xl bg-surface shadow-sm">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-bold focus-visible:outline-2 focus-visible:outline-primary">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  size={20}
                  className="shrink-0 text-primary transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-4 pb-4 text-ink-soft">{item.answer}</p>
            </details>
          ))}
        </div>
        <Link
          to="/app/faqs"
          className="mt-3 inline-block min-h-11 py-3 font-bold text-primary underline"
        >
          {TEXT.allFaqs}
        </Link>
      </section>

      <section aria-labelledby="settings-contact" className="rounded-3xl bg-surface p-5 shadow-sm">
        <h2 id="settings-contact" className="text-lg font-extrabold">
          {TEXT.help}
        </h2>
        <p className="mt-1 text-ink-soft">{TEXT.helpText(CONTACT_EMAIL)}</p>
        <a href={`mailto:${CONTACT_EMAIL}`} className={buttonClass("secondary", "mt-4 w-full")}>
          <Mail aria-hidden="true" size={18} />
          {TEXT.mailUs}
        </a>
      </section>
    </div>
  );
}
