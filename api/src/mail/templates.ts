// The mail texts: subject, plain text and simple HTML for each kind, in the recipient's language
// (en, es, fi; the profile locale se reads English, as the interface does).
import type { MailKind } from "./queue-mail.js";

export type MailLanguage = "en" | "es" | "fi";
export type RenderedMail = { subject: string; text: string; html: string; language: MailLanguage };

type Values = Record<string, string>;
type Template = {
  subject: (v: Values) => string;
  /** Paragraphs; "{link}" on its own marks where the link goes. */
  body: (v: Values) => string[];
  linkLabel: string;
};

const greeting = { en: "Hello", es: "Hola", fi: "Hei" } as const;
const hello = (lang: MailLanguage, v: Values) => (v.displayName ? `${greeting[lang]} ${v.displayName},` : `${greeting[lang]},`);

const templates: Record<MailKind, Record<MailLanguage, Template>> = {
  signupVerification: {
    en: {
      subject: () => "Verify your e-mail address",
      body: (v) => [
        hello("en", v),
        "Please confirm your e-mail address to finish signing up:",
        "{link}",
        "If you did not sign up, you can ignore this message.",
      ],
      linkLabel: "Verify e-mail address",
    },
    es: {
      subject: () => "Verifica tu dirección de correo electrónico",
      body: (v) => [
        hello("es", v),
        "Confirma tu dirección de correo electrónico para completar el registro:",
        "{link}",
        "Si no te has registrado, puedes ignorar este mensaje.",
      ],
      linkLabel: "Verificar dirección de correo",
    },
    fi: {
      subject: () => "Vahvista sähköpostiosoitteesi",
      body: (v) => [
        hello("fi", v),
        "Vahvista sähköpostiosoitteesi viimeistelläksesi rekisteröitymisen:",
        "{link}",
        "Jos et rekisteröitynyt, voit jättää tämän viestin huomiotta.",
      ],
      linkLabel: "Vahvista sähköpostiosoite",
    },
  },
  // A signup with an address that already has an account: the signup answers as for a new address
  // (no enumeration), and the owner learns of it here (docs/decisions.md "Signup of a taken address").
  signupExistingAccount: {
    en: {
      subject: () => "Someone tried to sign up with your e-mail address",
      body: (v) => [
        hello("en", v),
        "Someone just tried to create a new account with this e-mail address, which already has an account. Nothing was changed.",
        'If it was you, sign in instead; if you have forgotten your password, choose "Forgot password" on the sign-in page:',
        "{link}",
        "If it was not you, you can ignore this message.",
      ],
      linkLabel: "Sign in",
    },
    es: {
      subject: () => "Alguien ha intentado registrarse con tu dirección de correo",
      body: (v) => [
        hello("es", v),
        "Alguien acaba de intentar crear una cuenta nueva con esta dirección de correo electrónico, que ya tiene una cuenta. No se ha cambiado nada.",
        'Si has sido tú, inicia sesión; si has olvidado tu contraseña, elige "¿Olvidaste tu contraseña?" en la página de inicio de sesión:',
        "{link}",
        "Si no has sido tú, puedes ignorar este mensaje.",
      ],
      linkLabel: "Iniciar sesión",
    },
    fi: {
      subject: () => "Joku yritti rekisteröityä sähköpostiosoitteellasi",
      body: (v) => [
        hello("fi", v),
        "Joku yritti juuri luoda uuden tilin tällä sähköpostiosoitteella, jolla on jo tili. Mitään ei muutettu.",
        'Jos se olit sinä, kirjaudu sisään; jos olet unohtanut salasanasi, valitse kirjautumissivulla "Unohtuiko salasana?":',
        "{link}",
        "Jos se et ollut sinä, voit jättää tämän viestin huomiotta.",
      ],
      linkLabel: "Kirjaudu sisään",
    },
  },
  passwordReset: {
    en: {
      subject: () => "Reset your password",
      body: (v) => [
        hello("en", v),
        "We received a request to reset the password of your account. Open this link within one hour to choose a new password:",
        "{link}",
        "The link works once. If you did not ask for this, ignore this message: your password stays as it is.",
      ],
      linkLabel: "Choose a new password",
    },
    es: {
      subject: () => "Restablece tu contraseña",
      body: (v) => [
        hello("es", v),
        "Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Abre este enlace en el plazo de una hora para elegir una nueva contraseña:",
        "{link}",
        "El enlace solo funciona una vez. Si no lo has solicitado, ignora este mensaje: tu contraseña no cambiará.",
      ],
      linkLabel: "Elegir una nueva contraseña",
    },
    fi: {
      subject: () => "Vaihda salasanasi",
      body: (v) => [
        hello("fi", v),
        "Saimme pyynnön vaihtaa tilisi salasanan. Avaa tämä linkki tunnin kuluessa ja valitse uusi salasana:",
        "{link}",
        "Linkki toimii kerran. Jos et pyytänyt tätä, voit jättää viestin huomiotta: salasanasi pysyy ennallaan.",
      ],
      linkLabel: "Valitse uusi salasana",
    },
  },
  invitation: {
    en: {
      subject: (v) => (v.organizationName ? `You are invited to ${v.organizationName}` : "You are invited to the feedback platform"),
      body: (v) => [
        hello("en", v),
        `${v.inviterName || "A colleague"} invited you to join ${v.organizationName || "their organisation"} on the feedback platform.`,
        "{link}",
        "If you did not expect this invitation, you can ignore this message.",
      ],
      linkLabel: "Accept the invitation",
    },
    es: {
      subject: (v) => (v.organizationName ? `Te han invitado a ${v.organizationName}` : "Te han invitado a la plataforma de opiniones"),
      body: (v) => [
        hello("es", v),
        `${v.inviterName || "Un compañero"} te ha invitado a unirte a ${v.organizationName || "su organización"} en la plataforma de opiniones.`,
        "{link}",
        "Si no esperabas esta invitación, puedes ignorar este mensaje.",
      ],
      linkLabel: "Aceptar la invitación",
    },
    fi: {
      subject: (v) => (v.organizationName ? `Sinut on kutsuttu organisaatioon ${v.organizationName}` : "Sinut on kutsuttu palautealustalle"),
      body: (v) => [
        hello("fi", v),
        `${v.inviterName || "Kollegasi"} kutsui sinut liittymään organisaatioon ${v.organizationName || "(nimetön)"} palautealustalla.`,
        "{link}",
        "Jos et odottanut tätä kutsua, voit jättää viestin huomiotta.",
      ],
      linkLabel: "Hyväksy kutsu",
    },
  },
};

const mailLanguage = (locale: string): MailLanguage => (locale === "es" || locale === "fi" ? locale : "en");

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export function renderMail(kind: MailKind, locale: string, data: Values): RenderedMail {
  const language = mailLanguage(locale);
  const template = templates[kind][language];
  const link = data.link ?? "";
  const paragraphs = template.body(data);
  const text = `${paragraphs.map((p) => (p === "{link}" ? link : p)).join("\n\n")}\n`;
  const htmlParagraphs = paragraphs
    .map((p) =>
      p === "{link}"
        ? `<p><a href="${escapeHtml(link)}" style="color:#1f5fbf">${escapeHtml(template.linkLabel)}</a><br><span style="color:#555;font-size:13px">${escapeHtml(link)}</span></p>`
        : `<p>${escapeHtml(p)}</p>`,
    )
    .join("\n");
  const subject = template.subject(data);
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;color:#1a1a1a;max-width:560px;margin:24px auto;padding:0 16px">
${htmlParagraphs}
</body></html>
`;
  return { subject, text, html, language };
}
