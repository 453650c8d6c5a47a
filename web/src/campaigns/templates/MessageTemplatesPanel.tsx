import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useId, useMemo, useState } from "react";
import { fetchQuery, graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from "react-relay";
import type { MessageTemplatesPanelQuery } from "../../__generated__/MessageTemplatesPanelQuery.graphql";
import type { MessageTemplatesPanelPreviewQuery } from "../../__generated__/MessageTemplatesPanelPreviewQuery.graphql";
import type { MessageTemplatesPanelCreateMutation } from "../../__generated__/MessageTemplatesPanelCreateMutation.graphql";
import type { MessageTemplatesPanelUpdateMutation } from "../../__generated__/MessageTemplatesPanelUpdateMutation.graphql";
import type { MessageTemplatesPanelTestMutation } from "../../__generated__/MessageTemplatesPanelTestMutation.graphql";
import { runMutation } from "../../user-management/runMutation";
import { FormField } from "../../forms/FormField";
import "./templates.css";

export type MessageTemplatesPanelProps = {
  type: "email" | "sms";
  /** The chosen template (a MessageTemplate's global id). */
  selectedId?: string | null;
  /** `name`: the chosen row's name (as "Spring (fi)" for a group's language). */
  onSelect?(id: string, name: string): void;
  /** The survey a test message links to (a Survey's global id); without it there is no test message. */
  surveyId?: string | null;
};

type Language = {
  language: string;
  subject: string;
  content: string;
  senderName: string;
  replyToAddress: string;
  ctaText: string;
  showHeadings: boolean;
};
type Draft = { id: string | null; name: string; languages: Language[] };

/** The languages a group may add: the interface's own first, then common survey languages. */
const languageChoices = ["en", "es", "fi", "sv", "de", "fr", "nl", "da", "no", "et", "pt", "it", "pl"];
const emptyLanguage = (language: string): Language => ({
  language,
  subject: "",
  content: "",
  senderName: "",
  replyToAddress: "",
  ctaText: "",
  showHeadings: true,
});
/** Where an SMS text puts the survey link (not translated: the server reads it). */
const linkPlaceholder = "{{link}}";
const baseName = (name: string, language: string, grouped: boolean) => (grouped ? name.replace(new RegExp(`\\s*\\(${language}\\)$`), "") : name);

/**
 * The message templates of one type: the list (a multi-language group shows once), the editor of
 * every field and language, the variables of a chosen contact list, a live preview and a test
 * message. The launch wizard's email and SMS steps render it, as do /touchpoints/sms-text and
 * /touchpoints/email-templates.
 */
export default function MessageTemplatesPanel(props: MessageTemplatesPanelProps) {
  return (
    <Suspense
      fallback={
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}

function Panel({ type, selectedId, onSelect, surveyId }: MessageTemplatesPanelProps) {
  const { t } = useLingui();
  const id = useId();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<MessageTemplatesPanelQuery>(
    graphql`
      query MessageTemplatesPanelQuery($type: MessageTemplateType!) {
        messageTemplates(type: $type) {
          id
          name
          language
          groupId
          subject
          content
          senderName
          replyToAddress
          ctaText
          showHeadings
        }
        messageVariableLists(type: $type) {
          legacyId
          name
          variableNames
        }
      }
    `,
    { type },
    { fetchKey, fetchPolicy: fetchKey ? "network-only" : "store-or-network" },
  );
  const templates = data.messageTemplates;
  /** One entry per group (or per one-language template), in name order. */
  const groups = useMemo(() => {
    const byKey = new Map<string, typeof templates>();
    for (const m of templates) {
      const key = m.groupId ?? m.id;
      byKey.set(key, [...(byKey.get(key) ?? []), m]);
    }
    return [...byKey.values()];
  }, [templates]);

  const [draft, setDraft] = useState<Draft | null>(null);
  const [active, setActive] = useState(0);
  const [listId, setListId] = useState("");
  const [error, setError] = useState<string | null>(null);

  const open = (rows: typeof templates) => {
    const grouped = rows.length > 1;
    setDraft({
      id: rows[0]!.id,
      name: baseName(rows[0]!.name, rows[0]!.language, grouped),
      languages: rows.map((r) => ({
        language: r.language,
        subject: r.subject,
        content: r.content,
        senderName: r.senderName ?? "",
        replyToAddress: r.replyToAddress ?? "",
        ctaText: r.ctaText ?? "",
        showHeadings: r.showHeadings,
      })),
    });
    setActive(0);
    setError(null);
  };

  const [commitCreate] = useMutation<MessageTemplatesPanelCreateMutation>(graphql`
    mutation MessageTemplatesPanelCreateMutation($input: SaveMessageTemplatesInput!) {
      createMessageTemplates(input: $input) {
        message
        templates {
          id
          name
          language
        }
      }
    }
  `);
  const [commitUpdate] = useMutation<MessageTemplatesPanelUpdateMutation>(graphql`
    mutation MessageTemplatesPanelUpdateMutation($id: ID!, $input: SaveMessageTemplatesInput!) {
      updateMessageTemplates(id: $id, input: $input) {
        message
        templates {
          id
          name
          language
        }
      }
    }
  `);
  const [commitTest] = useMutation<MessageTemplatesPanelTestMutation>(graphql`
    mutation MessageTemplatesPanelTestMutation($input: TestMessageInput!) {
      sendTestMessage(input: $input) {
        message
      }
    }
  `);

  const current = draft?.languages[active] ?? null;
  const characters = current?.content.length ?? 0;
  const update = (patch: Partial<Language>) =>
    setDraft((d) => (d ? { ...d, languages: d.languages.map((l, i) => (i === active ? { ...l, ...patch } : l)) } : d));

  const fieldsOf = (l: Language) =>
    type === "email"
      ? {
          language: l.language,
          subject: l.subject,
          content: l.content,
          senderName: l.senderName || null,
          replyToAddress: l.replyToAddress || null,
          ctaText: l.ctaText || null,
          showHeadings: l.showHeadings,
        }
      : { language: l.language, content: l.content };

  const save = async () => {
    if (!draft) return;
    setError(null);
    if (!draft.name.trim()) return setError(t`A template needs a name`);
    const input = { name: draft.name, templateType: type, languages: draft.languages.map(fieldsOf) };
    const saved = draft.id
      ? (
          await runMutation(
            "saveMessageTemplate",
            commitUpdate,
            { id: draft.id, input },
            { success: t`Template saved`, fallbackError: t`The template was not saved` },
          )
        )?.updateMessageTemplates
      : (await runMutation("saveMessageTemplate", commitCreate, { input }, { success: t`Template saved`, fallbackError: t`The template was not saved` }))
          ?.createMessageTemplates;
    if (!saved) return;
    const chosen = saved.templates.find((m) => m.language === current?.language) ?? saved.templates[0];
    setDraft((d) => (d ? { ...d, id: chosen?.id ?? d.id } : d));
    if (chosen) onSelect?.(chosen.id, chosen.name);
    setFetchKey((k) => k + 1);
  };

  const [testTo, setTestTo] = useState("");
  const sendTest = async () => {
    if (!current || !surveyId) return;
    await runMutation(
      "sendTestMessage",
      commitTest,
      { input: { surveyId, to: testTo, templateType: type, ...fieldsOf(current), contactListId: listId || null } },
      { success: t`Test message sent`, fallbackError: t`The test message was not sent` },
    );
  };

  const variables = data.messageVariableLists.find((l) => l.legacyId === listId)?.variableNames ?? [];
  const heading = type === "email" ? t`Saved templates` : t`Saved texts`;

  return (
    <div className="message-templates">
      <section aria-labelledby={`${id}-list`} className="message-templates__list">
        <h2 id={`${id}-list`}>{heading}</h2>
        {groups.length === 0 ? (
          <p>
            <Trans>No templates yet.</Trans>
          </p>
        ) : (
          <ul>
            {groups.map((rows) => {
              const first = rows[0]!;
              const chosen = rows.some((r) => r.id === selectedId);
              return (
                <li key={first.groupId ?? first.id}>
                  <button
                    type="button"
                    className={chosen ? "message-templates__item message-templates__item--chosen" : "message-templates__item"}
                    aria-pressed={chosen}
                    onClick={() => {
                      open(rows);
                      onSelect?.(first.id, first.name);
                    }}
                  >
                    {baseName(first.name, first.language, rows.length > 1)}
                    <span className="message-templates__languages"> ({rows.map((r) => r.language).join(", ")})</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft({ id: null, name: "", languages: [emptyLanguage("en")] });
            setActive(0);
            setError(null);
          }}
        >
          {type === "email" ? <Trans>New email template</Trans> : <Trans>New SMS text</Trans>}
        </button>
      </section>

      {draft && current ? (
        <section aria-labelledby={`${id}-editor`} className="message-templates__editor">
          <h2 id={`${id}-editor`}>{draft.id ? <Trans>Edit template</Trans> : <Trans>New template</Trans>}</h2>
          <FormField id={`${id}-name`} label={t`Name`} required>
            <input id={`${id}-name`} value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          </FormField>

          <div role="tablist" aria-label={t`Languages`} className="message-templates__tabs">
            {draft.languages.map((l, i) => (
              <button key={l.language} type="button" role="tab" aria-selected={i === active} onClick={() => setActive(i)}>
                {l.language}
              </button>
            ))}
          </div>
          <FormField id={`${id}-add-language`} label={t`Add a language`}>
            <select
              id={`${id}-add-language`}
              value=""
              onChange={(e) => {
                const code = e.target.value;
                if (!code) return;
                setDraft({ ...draft, languages: [...draft.languages, emptyLanguage(code)] });
                setActive(draft.languages.length);
              }}
            >
              <option value="">{t`Choose a language`}</option>
              {languageChoices
                .filter((code) => !draft.languages.some((l) => l.language === code))
                .map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
            </select>
          </FormField>

          <div role="tabpanel" aria-label={current.language}>
            {type === "email" ? (
              <>
                <FormField id={`${id}-subject`} label={t`Subject`} required>
                  <input id={`${id}-subject`} value={current.subject} maxLength={200} onChange={(e) => update({ subject: e.target.value })} />
                </FormField>
                <FormField id={`${id}-content`} label={t`Message`} required hint={t`Blank lines separate paragraphs.`}>
                  <textarea id={`${id}-content`} rows={8} value={current.content} onChange={(e) => update({ content: e.target.value })} />
                </FormField>
                <FormField id={`${id}-sender`} label={t`Sender name`}>
                  <input id={`${id}-sender`} value={current.senderName} maxLength={100} onChange={(e) => update({ senderName: e.target.value })} />
                </FormField>
                <FormField id={`${id}-reply-to`} label={t`Reply-to address`}>
                  <input id={`${id}-reply-to`} type="email" value={current.replyToAddress} onChange={(e) => update({ replyToAddress: e.target.value })} />
                </FormField>
                <FormField id={`${id}-cta`} label={t`Button text`} hint={t`The button that opens the survey.`}>
                  <input id={`${id}-cta`} value={current.ctaText} maxLength={60} onChange={(e) => update({ ctaText: e.target.value })} />
                </FormField>
                <div className="field">
                  <label>
                    <input type="checkbox" checked={current.showHeadings} onChange={(e) => update({ showHeadings: e.target.checked })} />{" "}
                    <Trans>Show the subject as a heading</Trans>
                  </label>
                </div>
              </>
            ) : (
              <FormField
                id={`${id}-content`}
                label={t`SMS text`}
                required
                hint={t`Write ${linkPlaceholder} where the survey link goes; without it the link is added at the end. ${characters} characters.`}
              >
                <textarea id={`${id}-content`} rows={4} value={current.content} maxLength={1000} onChange={(e) => update({ content: e.target.value })} />
              </FormField>
            )}
          </div>

          <FormField id={`${id}-list-pick`} label={t`Variables from a contact list`}>
            <select id={`${id}-list-pick`} value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">{t`Choose a contact list`}</option>
              {data.messageVariableLists.map((l) => (
                <option key={l.legacyId} value={l.legacyId}>
                  {l.name}
                </option>
              ))}
            </select>
          </FormField>
          {variables.length > 0 ? (
            <p className="field__hint">
              <Trans>You can use:</Trans>{" "}
              {variables.map((v) => (
                <code key={v} className="message-templates__variable">{`{{${v}}}`}</code>
              ))}
            </p>
          ) : null}

          {error ? (
            <p role="alert" className="field__error">
              {error}
            </p>
          ) : null}
          <button type="button" className="button" onClick={save}>
            <Trans>Save template</Trans>
          </button>

          <MessagePreview type={type} language={current} contactListId={listId} fieldsOf={fieldsOf} />

          <section aria-labelledby={`${id}-test`} className="message-templates__test">
            <h3 id={`${id}-test`}>
              <Trans>Test message</Trans>
            </h3>
            {surveyId ? (
              <>
                <FormField id={`${id}-test-to`} label={type === "email" ? t`Send a test to this e-mail address` : t`Send a test to this phone number`}>
                  <input
                    id={`${id}-test-to`}
                    type={type === "email" ? "email" : "tel"}
                    placeholder={type === "email" ? "name@example.com" : "+358401234567"}
                    value={testTo}
                    onChange={(e) => setTestTo(e.target.value)}
                  />
                </FormField>
                <button type="button" className="button button--secondary" onClick={sendTest} disabled={!testTo.trim()}>
                  <Trans>Send test message</Trans>
                </button>
              </>
            ) : (
              <p>
                <Trans>A test message links to a survey: send it from the launch wizard.</Trans>
              </p>
            )}
          </section>
        </section>
      ) : null}
    </div>
  );
}

/** The live preview: the template rendered by the server with sample variables, a moment after each change. */
function MessagePreview({
  type,
  language,
  contactListId,
  fieldsOf,
}: {
  type: "email" | "sms";
  language: Language;
  contactListId: string;
  fieldsOf: (l: Language) => Record<string, unknown>;
}) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const [preview, setPreview] = useState<{ subject?: string | null; html?: string | null; text?: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = JSON.stringify({ templateType: type, ...fieldsOf(language), contactListId: contactListId || null });

  useEffect(() => {
    const timer = setTimeout(() => {
      fetchQuery<MessageTemplatesPanelPreviewQuery>(
        environment,
        graphql`
          query MessageTemplatesPanelPreviewQuery($input: MessagePreviewInput!) {
            messageTemplatePreview(input: $input) {
              subject
              html
              text
            }
          }
        `,
        { input: JSON.parse(input) },
        { fetchPolicy: "network-only" },
      )
        .toPromise()
        .then((answer) => {
          setPreview(answer?.messageTemplatePreview ?? null);
          setProblem(null);
        })
        .catch((err: unknown) => {
          setPreview(null);
          setProblem(err instanceof Error ? err.message : t`No preview`);
        });
    }, 400);
    return () => clearTimeout(timer);
  }, [environment, input, t]);

  return (
    <section className="message-templates__preview" aria-label={t`Preview`}>
      <h3>
        <Trans>Preview</Trans>
      </h3>
      {problem ? (
        <p className="field__hint">{problem}</p>
      ) : !preview ? null : type === "email" ? (
        <>
          <p>
            <strong>
              <Trans>Subject:</Trans>
            </strong>{" "}
            {preview.subject}
          </p>
          <iframe title={t`Email preview`} sandbox="" srcDoc={preview.html ?? ""} className="message-templates__frame" />
        </>
      ) : (
        <p className="message-templates__sms" data-testid="sms-preview">
          {preview.text}
        </p>
      )}
    </section>
  );
}
