import { describe, expect, it } from "vitest";
import { renderEmail, renderSms, variablesIn, type TemplateFields } from "./render.js";

const template: TemplateFields = {
  subject: "Hi {{firstName}}, how was {{ store }}?",
  content: "Dear {{firstName}},\n\nThanks for visiting {{store}}.\nTell us: {{unknown}}done.",
  senderName: "Acme {{store}}",
  replyToAddress: "help@acme.example",
  ctaText: null,
  showHeadings: true,
  language: "fi",
};
const links = {
  surveyUrl: "https://feedback.example/s/abc?_m=1",
  unsubscribeUrl: "https://feedback.example/unsubscribe?token=u1.x.y",
  openPixelUrl: "https://feedback.example/t/o/1.png",
};

describe("renderEmail", () => {
  it("substitutes variables (exact, then ignoring case), empties unknown ones and keeps paragraphs", () => {
    const out = renderEmail(template, { email: "a@b.example", variables: { FirstName: "Anna", store: "Kamppi" } }, links, { name: "Acme" });
    expect(out.subject).toBe("Hi Anna, how was Kamppi?");
    expect(out.fromName).toBe("Acme Kamppi");
    expect(out.replyTo).toBe("help@acme.example");
    expect(out.text).toContain("Dear Anna,\n\nThanks for visiting Kamppi.\nTell us: done.");
    expect(out.html).toContain("Thanks for visiting Kamppi.<br>Tell us: done.");
    expect(out.html).not.toContain("{{");
    // Finnish wording of the button and footer, the language on the document
    expect(out.html).toContain('<html lang="fi">');
    expect(out.html).toContain(">Vastaa kyselyyn</a>");
    expect(out.text).toContain("Vastaa kyselyyn: https://feedback.example/s/abc?_m=1");
    expect(out.html).toContain('href="https://feedback.example/unsubscribe?token=u1.x.y"');
    expect(out.text).toContain("https://feedback.example/unsubscribe?token=u1.x.y");
    expect(out.html).toContain('<img src="https://feedback.example/t/o/1.png" width="1" height="1" alt=""');
  });

  it("escapes the values and the template text in the HTML, never in the text part", () => {
    const evil = { ...template, content: "<b>{{firstName}}</b> & co", ctaText: 'Go "now"' };
    const out = renderEmail(evil, { variables: { firstName: '<script>alert("x")</script>', store: "A&B" } }, links, { name: "O'Brien <Ltd>" });
    expect(out.html).not.toContain("<script>");
    expect(out.html).not.toContain("<b>");
    expect(out.html).toContain("&lt;b&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;/b&gt; &amp; co");
    expect(out.html).toContain("Go &quot;now&quot;</a>");
    expect(out.html).toContain("O&#39;Brien &lt;Ltd&gt;");
    expect(out.text).toContain('<b><script>alert("x")</script></b> & co');
  });

  it("puts no heading without showHeadings, no pixel without its address, and no javascript: links", () => {
    const out = renderEmail(
      { ...template, showHeadings: false, language: "en" },
      { variables: {} },
      { surveyUrl: "javascript:alert(1)", unsubscribeUrl: links.unsubscribeUrl },
      {
        name: "Acme",
      },
    );
    expect(out.html).not.toContain("<h1");
    expect(out.html).not.toContain("<img");
    expect(out.html).not.toContain("javascript:");
    expect(out.html).toContain(">Answer the survey</a>");
    expect(renderEmail(template, { variables: {} }, links, { name: "Acme" }).html).toMatch(/<h1[^>]*>Hi , how was \?<\/h1>/);
  });

  it("keeps header values on one line", () => {
    const out = renderEmail({ ...template, subject: "Hi {{name}}" }, { variables: { name: "x\r\nBcc: victim@example.com" } }, links, { name: "Acme" });
    expect(out.subject).toBe("Hi x Bcc: victim@example.com");
  });
});

describe("renderSms", () => {
  it("puts the link where {{link}} is", () => {
    expect(renderSms("Hi {{name}}! Answer: {{link}} Thanks", { variables: { name: "Anna" } }, "https://f.example/s/1")).toBe(
      "Hi Anna! Answer: https://f.example/s/1 Thanks",
    );
  });
  it("appends the link after a space when the text has no {{link}}", () => {
    expect(renderSms("How did we do, {{name}}?", { variables: { name: "Bo" } }, "https://f.example/s/1")).toBe("How did we do, Bo? https://f.example/s/1");
    expect(renderSms("", { variables: {} }, "https://f.example/s/1")).toBe("https://f.example/s/1");
  });
  it("leaves SMS text unescaped (it is not HTML)", () => {
    expect(renderSms("A&B <{{x}}>", { variables: { x: "1" } }, "u")).toBe("A&B <1> u");
  });
});

it("lists the variables a text uses", () => {
  expect(variablesIn("{{a}} {{ b }} {{a}} {{}}")).toEqual(["a", "b"]);
});
