import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { DailySeriesChart } from "../analytics/charts/DailySeriesChart";
import { DistributionChart } from "../analytics/charts/DistributionChart";
import { EviChart } from "../analytics/charts/EviChart";
import { GroupedSeriesChart } from "../analytics/charts/GroupedSeriesChart";
import { NpsBreakdownChart } from "../analytics/charts/NpsBreakdownChart";
import { RootCauseChart } from "../analytics/charts/RootCauseChart";
import { SatisfactionGauge } from "../analytics/charts/SatisfactionGauge";
import { SentimentBars } from "../analytics/charts/SentimentBars";
import { TouchpointRankingChart } from "../analytics/charts/TouchpointRankingChart";
import { WordCloud } from "../analytics/charts/WordCloud";
import { CheckboxGroup } from "../forms/CheckboxGroup";
import { FormField, fieldErrorId } from "../forms/FormField";
import { NumberField } from "../forms/NumberField";
import { RadioGroup } from "../forms/RadioGroup";
import { SelectField } from "../forms/SelectField";
import { TextAreaField } from "../forms/TextAreaField";
import { toasts } from "../shell/toastStore";
import { Badge, type BadgeTone, StatusPill } from "../ui/Badge";
import { Button, type ButtonSize, type ButtonVariant } from "../ui/Button";
import { Card } from "../ui/Card";
import { DELIVERY_STATUSES, DeliveryStatusPill } from "../ui/DeliveryStatusPill";
import { EmptyState } from "../ui/EmptyState";
import { IconButton } from "../ui/IconButton";
import { LinkButton } from "../ui/LinkButton";
import { AddIcon, ChartIcon, CopyIcon, DeleteIcon, DownloadIcon, EditIcon, icons, MailIcon, SearchIcon, ShareIcon, WarningIcon } from "../ui/icons";
import { Skeleton } from "../ui/Skeleton";
import { ListToolbar, matchesSearch, RowCheckbox, SearchBox, SelectAllCheckbox, type Sort, SortableHeader, sortRows, useSelection } from "../ui/DataList";
import * as samples from "./gallerySamples";
import "./gallery.css";

/** The gallery's sections in page order: id (the anchor) and heading. */
export const GALLERY_SECTION_IDS = [
  "tokens",
  "buttons",
  "icon-buttons",
  "inputs",
  "icons",
  "badges",
  "cards",
  "lists",
  "empty-states",
  "loading",
  "toasts",
  "charts",
] as const;
type SectionId = (typeof GALLERY_SECTION_IDS)[number];

function Section({ id, title, intro, children }: { id: SectionId; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="gallery__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="gallery__heading">
        {title}
      </h2>
      {intro ? <p className="gallery__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

function Example({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="gallery__example">
      <h3 className="gallery__example-title">{title}</h3>
      <div className="gallery__row">{children}</div>
    </div>
  );
}

const COLOUR_TOKENS = [
  "--color-primary",
  "--color-danger",
  "--color-success",
  "--color-warning",
  "--color-info",
  "--color-text",
  "--color-text-muted",
  "--color-canvas",
  "--color-surface",
  "--color-surface-sunken",
  "--color-border",
  "--color-border-strong",
  "--color-focus",
] as const;
const SPACE_TOKENS = ["--space-1", "--space-2", "--space-3", "--space-4", "--space-5", "--space-6", "--space-7", "--space-8"] as const;
const TYPE_TOKENS = [
  "--font-size-xs",
  "--font-size-sm",
  "--font-size-md",
  "--font-size-lg",
  "--font-size-xl",
  "--font-size-2xl",
  "--font-size-3xl",
  "--font-size-4xl",
] as const;
const RADIUS_TOKENS = ["--radius-sm", "--radius-md", "--radius-lg", "--radius-xl", "--radius-pill"] as const;
const SHADOW_TOKENS = ["--shadow-sm", "--shadow-md", "--shadow-lg"] as const;

function TokensSection() {
  const { t } = useLingui();
  return (
    <Section
      id="tokens"
      title={t`Design tokens`}
      intro={t`Every screen styles itself with these custom properties (tokens.css). Text colours are tested for WCAG contrast.`}
    >
      <Example title={t`Colours`}>
        <ul className="gallery__swatches">
          {COLOUR_TOKENS.map((token) => (
            <li key={token} className="gallery__swatch">
              <span className="gallery__swatch-colour" style={{ background: `var(${token})` }} aria-hidden="true" />
              <code>{token}</code>
            </li>
          ))}
        </ul>
      </Example>
      <Example title={t`Spacing`}>
        <ul className="gallery__scale">
          {SPACE_TOKENS.map((token) => (
            <li key={token}>
              <span className="gallery__space" style={{ width: `var(${token})` }} aria-hidden="true" />
              <code>{token}</code>
            </li>
          ))}
        </ul>
      </Example>
      <Example title={t`Type scale`}>
        <ul className="gallery__scale">
          {TYPE_TOKENS.map((token) => (
            <li key={token} style={{ fontSize: `var(${token})` }}>
              <Trans>Customer feedback</Trans> <code>{token}</code>
            </li>
          ))}
        </ul>
      </Example>
      <Example title={t`Radii and shadows`}>
        {RADIUS_TOKENS.map((token) => (
          <span key={token} className="gallery__box" style={{ borderRadius: `var(${token})` }}>
            <code>{token}</code>
          </span>
        ))}
        {SHADOW_TOKENS.map((token) => (
          <span key={token} className="gallery__box gallery__box--shadow" style={{ boxShadow: `var(${token})` }}>
            <code>{token}</code>
          </span>
        ))}
      </Example>
    </Section>
  );
}

function ButtonsSection() {
  const { t } = useLingui();
  const [saving, setSaving] = useState(false);
  const variants: Array<[ButtonVariant, string]> = [
    ["primary", t`Save survey`],
    ["secondary", t`Preview`],
    ["quiet", t`Edit`],
    ["danger", t`Delete survey`],
  ];
  const sizes: Array<[ButtonSize, string]> = [
    ["sm", t`Small`],
    ["md", t`Medium`],
    ["lg", t`Large`],
  ];
  return (
    <Section
      id="buttons"
      title={t`Buttons`}
      intro={t`Primary for the one main action of a screen, secondary beside it, quiet for repeated actions in lists and toolbars, danger for what cannot be undone.`}
    >
      <Example title={t`Variants`}>
        {variants.map(([variant, label]) => (
          <Button key={variant} variant={variant}>
            {label}
          </Button>
        ))}
      </Example>
      <Example title={t`Sizes`}>
        {sizes.map(([size, label]) => (
          <Button key={size} variant="primary" size={size}>
            {label}
          </Button>
        ))}
      </Example>
      <Example title={t`With an icon`}>
        <Button variant="primary" icon={AddIcon}>
          {t`New survey`}
        </Button>
        <Button icon={DownloadIcon}>{t`Export`}</Button>
        <Button variant="quiet" icon={ShareIcon}>
          {t`Share`}
        </Button>
      </Example>
      <Example title={t`A link styled as a button (it goes to another page)`}>
        <LinkButton to="#empty-states" variant="primary">
          {t`See the empty states`}
        </LinkButton>
      </Example>
      <Example title={t`Disabled`}>
        {variants.map(([variant, label]) => (
          <Button key={variant} variant={variant} disabled>
            {label}
          </Button>
        ))}
      </Example>
      <Example title={t`Loading`}>
        <Button variant="primary" loading>
          {t`Saving…`}
        </Button>
        <Button
          loading={saving}
          onClick={() => {
            setSaving(true);
            window.setTimeout(() => setSaving(false), 1500);
          }}
        >
          {t`Try loading`}
        </Button>
      </Example>
    </Section>
  );
}

function IconButtonsSection() {
  const { t } = useLingui();
  return (
    <Section
      id="icon-buttons"
      title={t`Icon buttons`}
      intro={t`For repeated actions in rows and toolbars. Each has a name for screen readers, also shown on hover.`}
    >
      <Example title={t`Variants`}>
        <IconButton label={t`Edit response`} icon={EditIcon} />
        <IconButton label={t`Copy link`} icon={CopyIcon} variant="secondary" />
        <IconButton label={t`Add question`} icon={AddIcon} variant="primary" />
        <IconButton label={t`Delete response`} icon={DeleteIcon} variant="danger" />
      </Example>
      <Example title={t`Sizes and states`}>
        <IconButton label={t`Search`} icon={SearchIcon} size="sm" />
        <IconButton label={t`Search`} icon={SearchIcon} size="md" />
        <IconButton label={t`Search`} icon={SearchIcon} size="lg" />
        <IconButton label={t`Download`} icon={DownloadIcon} disabled />
        <IconButton label={t`Download`} icon={DownloadIcon} variant="secondary" loading />
      </Example>
    </Section>
  );
}

function InputsSection() {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("ada@");
  const [count, setCount] = useState("7");
  const [threshold, setThreshold] = useState("150");
  const [language, setLanguage] = useState<"en" | "es" | "fi">("fi");
  const [message, setMessage] = useState("");
  const [channel, setChannel] = useState<"email" | "sms">("email");
  const [days, setDays] = useState<string[]>(["mon", "wed"]);
  return (
    <Section id="inputs" title={t`Form fields`} intro={t`The shared fields of web/src/forms, with a hint and an error state.`}>
      <div className="gallery__form">
        <FormField id="gallery-name" label={t`Survey name`} required hint={t`Respondents do not see this name.`}>
          <input id="gallery-name" type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField id="gallery-email" label={t`E-mail address`} error={t`Please provide a valid e-mail address`}>
          <input
            id="gallery-email"
            type="email"
            value={email}
            aria-invalid="true"
            aria-describedby={fieldErrorId("gallery-email")}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <NumberField id="gallery-count" label={t`Reminders`} value={count} onChange={setCount} min={0} max={5} hint={t`From 0 to 5.`} inputMode="numeric" />
        <NumberField id="gallery-threshold" label={t`Score threshold`} value={threshold} onChange={setThreshold} error={t`Enter a number from 0 to 100.`} />
        <SelectField
          id="gallery-language"
          label={t`Language`}
          value={language}
          onChange={setLanguage}
          options={[
            ["en", "English"],
            ["es", "Español"],
            ["fi", "Suomi"],
          ]}
        />
        <TextAreaField id="gallery-message" label={t`Message text`} value={message} onChange={setMessage} error={t`The message cannot be empty.`} />
        <RadioGroup
          name="gallery-channel"
          legend={t`Send by`}
          value={channel}
          onChange={setChannel}
          hint={t`SMS messages are charged per message.`}
          options={[
            ["email", t`E-mail`],
            ["sms", t`SMS`],
          ]}
        />
        <CheckboxGroup
          idPrefix="gallery-days"
          legend={t`Send on`}
          values={days}
          onChange={setDays}
          options={[
            ["mon", t`Monday`],
            ["wed", t`Wednesday`],
            ["fri", t`Friday`],
          ]}
        />
      </div>
    </Section>
  );
}

function IconsSection() {
  const { t } = useLingui();
  return (
    <Section id="icons" title={t`Icons`} intro={t`Inline SVG icons in the text colour, hidden from screen readers unless given a title.`}>
      <ul className="gallery__icons">
        {Object.entries(icons).map(([name, Icon]) => (
          <li key={name} className="gallery__icon">
            <Icon size={24} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function BadgesSection() {
  const { t } = useLingui();
  const tones: Array<[BadgeTone, string]> = [
    ["neutral", t`Draft`],
    ["info", t`Scheduled`],
    ["success", t`Active`],
    ["warning", t`Trial ends soon`],
    ["danger", t`Expired`],
  ];
  return (
    <Section id="badges" title={t`Badges and status pills`} intro={t`The words carry the meaning; the colour helps.`}>
      <Example title={t`Badges`}>
        {tones.map(([tone, label]) => (
          <Badge key={tone} tone={tone}>
            {label}
          </Badge>
        ))}
        <Badge tone="warning" icon={WarningIcon}>
          {t`Needs attention`}
        </Badge>
      </Example>
      <Example title={t`Status pills`}>
        {tones.map(([tone, label]) => (
          <StatusPill key={tone} tone={tone}>
            {label}
          </StatusPill>
        ))}
      </Example>
      <Example title={t`Delivery statuses`}>
        {DELIVERY_STATUSES.map((status) => (
          <DeliveryStatusPill key={status} status={status} />
        ))}
      </Example>
    </Section>
  );
}

function CardsSection() {
  const { t } = useLingui();
  return (
    <Section id="cards" title={t`Cards`}>
      <div className="gallery__grid">
        <Card title={t`Response rate`} headingLevel={3} actions={<IconButton label={t`Share response rate`} icon={ShareIcon} size="sm" />}>
          <p className="gallery__figure">42 %</p>
          <p>{t`Of 1,250 invitations sent this month.`}</p>
        </Card>
        <Card
          title={t`E-mail campaign`}
          headingLevel={3}
          footer={
            <>
              <Button size="sm">{t`Preview`}</Button>
              <Button size="sm" variant="primary">
                {t`Send`}
              </Button>
            </>
          }
        >
          <p>{t`Goes to 320 contacts on Monday at 9:00.`}</p>
        </Card>
      </div>
    </Section>
  );
}

const LIST_SAMPLE = [
  { id: "s1", name: "Store visit", team: "Stores", responses: 350 },
  { id: "s2", name: "Web shop experience", team: "Web shop", responses: 108 },
  { id: "s3", name: "Customer support follow-up", team: "Support", responses: 29 },
];

function ListsSection() {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<Sort<"name" | "responses"> | null>(null);
  const shown = sortRows(
    LIST_SAMPLE.filter((r) => matchesSearch(search, r.name, r.team)),
    sort,
    (r, field) => r[field],
    i18n.locale,
  );
  const selection = useSelection(shown.map((r) => r.id));
  return (
    <Section id="lists" title={t`Lists`} intro={t`A debounced search, sortable headers (aria-sort), row selection and the bulk actions the rights allow.`}>
      <ListToolbar
        search={<SearchBox label={t`Search surveys by name or team`} value={search} onSearch={setSearch} delayMs={150} />}
        selection={selection}
        bulkActions={
          <Button size="sm" variant="quiet">
            {t`Archive (${selection.selected.size})`}
          </Button>
        }
      />
      <table className="table">
        <caption className="visually-hidden">{t`Sample surveys`}</caption>
        <thead>
          <tr>
            <SelectAllCheckbox selection={selection} label={t`Select all surveys shown`} />
            <SortableHeader field="name" sort={sort} onSort={setSort}>
              {t`Survey`}
            </SortableHeader>
            <th scope="col">{t`Team`}</th>
            <SortableHeader field="responses" sort={sort} onSort={setSort} firstDirection="desc">
              {t`Responses`}
            </SortableHeader>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.id}>
              <RowCheckbox selection={selection} id={r.id} label={t`Select ${r.name}`} />
              <td>{r.name}</td>
              <td>{r.team}</td>
              <td>{r.responses}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function EmptyStatesSection() {
  const { t } = useLingui();
  return (
    <Section id="empty-states" title={t`Empty states`} intro={t`Say what is missing and offer the next step.`}>
      <div className="gallery__grid">
        <EmptyState
          title={t`No surveys yet`}
          icon={ChartIcon}
          headingLevel={3}
          action={
            <Button variant="primary" icon={AddIcon}>
              {t`Create a survey`}
            </Button>
          }
          secondaryAction={<Button>{t`Start from a template`}</Button>}
        >
          <p>{t`Create your first survey, then share it by link, QR code, e-mail or a widget on your website.`}</p>
        </EmptyState>
        <EmptyState
          title={t`No responses in this period`}
          icon={MailIcon}
          headingLevel={3}
          action={<Button variant="primary">{t`Show the last 90 days`}</Button>}
        >
          <p>{t`Choose a longer period or remove filters to see responses.`}</p>
        </EmptyState>
      </div>
    </Section>
  );
}

function LoadingSection() {
  const { t } = useLingui();
  return (
    <Section id="loading" title={t`Loading states`} intro={t`Skeletons in the shape of the content mark a busy region (aria-busy) while a screen waits.`}>
      <div className="gallery__grid">
        <Card title={t`Text`} headingLevel={3}>
          <Skeleton label={t`Loading comments`} lines={4} />
        </Card>
        <Card title={t`Chart`} headingLevel={3}>
          <Skeleton label={t`Loading chart`} shape="chart" />
        </Card>
        <Card title={t`Table`} headingLevel={3}>
          <Skeleton label={t`Loading responses`} shape="block" height="8rem" />
        </Card>
        <Card title={t`Spinner`} headingLevel={3}>
          <div aria-busy="true" role="status">
            <span className="visually-hidden">{t`Loading`}</span>
            <div className="spinner" aria-hidden="true" />
          </div>
        </Card>
      </div>
    </Section>
  );
}

function ToastsSection() {
  const { t } = useLingui();
  return (
    <Section id="toasts" title={t`Toasts`} intro={t`Short confirmations and errors at the top right; they stay while hovered or focused.`}>
      <Example title={t`Show a toast`}>
        <Button onClick={() => toasts.success(t`Survey saved`)}>{t`Success`}</Button>
        <Button onClick={() => toasts.show(t`Export started: you will get an e-mail when it is ready.`)}>{t`Information`}</Button>
        <Button variant="danger" onClick={() => toasts.error(t`The survey could not be saved.`)}>
          {t`Error`}
        </Button>
      </Example>
    </Section>
  );
}

function ChartsSection() {
  const { t } = useLingui();
  const smileys = [
    { key: "1", label: t`Very unhappy` },
    { key: "2", label: t`Unhappy` },
    { key: "3", label: t`Happy` },
    { key: "4", label: t`Very happy` },
  ];
  const touchpointNames: Record<string, string> = { lobby: t`Lobby`, web: t`Web shop`, phone: t`Phone service`, kiosk: t`Kiosk` };
  const driverNames: Record<string, string> = { waiting: t`Waiting time`, staff: t`Friendly staff`, cleanliness: t`Cleanliness`, parking: t`Parking` };
  return (
    <Section id="charts" title={t`Charts`} intro={t`The charts of the summary and results screens, with sample data.`}>
      <div className="gallery__grid gallery__grid--charts">
        <NpsBreakdownChart title={t`Net Promoter Score`} counts={samples.npsCounts} />
        <SatisfactionGauge title={t`Average satisfaction`} value={78} earlier={71} />
        <DailySeriesChart title={t`Responses per day`} metric="responses" points={samples.responsesPerDay} />
        <DailySeriesChart title={t`Satisfaction per day`} metric="satisfaction" points={samples.satisfactionPerDay} />
        <GroupedSeriesChart title={t`NPS per week`} groupBy="weekNumber" metric="nps" points={samples.npsPerWeek} />
        <DistributionChart title={t`How was your visit?`} categories={smileys} groups={[{ label: t`All responses`, counts: samples.smileyCounts }]} />
        <DistributionChart
          title={t`How was your visit? By week`}
          categories={smileys}
          stackTo100
          groups={samples.satisfactionByWeekCounts.map((counts, i) => ({ label: `W${43 + i}`, counts }))}
        />
        <EviChart
          title={t`Emotional value index`}
          clusters={[
            { key: "advocacy", label: t`Advocacy`, weight: 1, count: samples.eviCounts.advocacy },
            { key: "trust", label: t`Trust`, weight: 0.66, count: samples.eviCounts.trust },
            { key: "attention", label: t`Attention`, weight: 0.33, count: samples.eviCounts.attention },
            { key: "destroying", label: t`Destroying`, weight: -1, count: samples.eviCounts.destroying },
          ]}
        />
        <TouchpointRankingChart
          title={t`Touchpoint ranking`}
          entries={samples.rankingFigures.map((e) => ({ ...e, name: touchpointNames[e.touchpointId] ?? e.touchpointId }))}
        />
        <RootCauseChart
          title={t`Root causes`}
          outcomeLabel={t`NPS`}
          splitImportance={0.5}
          splitPerformance={60}
          items={samples.rootCauseFigures.map((item) => ({ ...item, label: driverNames[item.id] ?? item.id }))}
        />
        <SentimentBars title={t`Sentiment of comments`} counts={samples.sentimentCounts} />
        <WordCloud
          title={t`Word cloud`}
          words={[
            { stem: "service", word: t`service`, count: 42, sentiment: "positive" },
            { stem: "queue", word: t`queue`, count: 27, sentiment: "negative" },
            { stem: "friendly", word: t`friendly`, count: 23, sentiment: "positive" },
            { stem: "price", word: t`price`, count: 15, sentiment: "neutral" },
            { stem: "coffee", word: t`coffee`, count: 9, sentiment: "positive" },
            { stem: "parking", word: t`parking`, count: 6, sentiment: "negative" },
          ]}
        />
      </div>
    </Section>
  );
}

/** The open /components page: the visual system with static sample data, signed in or not. */
export default function ComponentsPage() {
  const { t } = useLingui();
  const titles: Record<SectionId, string> = {
    tokens: t`Design tokens`,
    buttons: t`Buttons`,
    "icon-buttons": t`Icon buttons`,
    inputs: t`Form fields`,
    icons: t`Icons`,
    badges: t`Badges and status pills`,
    cards: t`Cards`,
    lists: t`Lists`,
    "empty-states": t`Empty states`,
    loading: t`Loading states`,
    toasts: t`Toasts`,
    charts: t`Charts`,
  };
  return (
    <div className="page gallery">
      <h1 className="page__title">{t`Components`}</h1>
      <p className="gallery__lead">
        <Trans>The visual system of the product: design tokens, buttons, fields, icons, states and charts. Every example is live and uses sample data.</Trans>
      </p>
      <nav className="gallery__index" aria-label={t`On this page`}>
        <ul>
          {GALLERY_SECTION_IDS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{titles[id]}</a>
            </li>
          ))}
        </ul>
      </nav>
      <TokensSection />
      <ButtonsSection />
      <IconButtonsSection />
      <InputsSection />
      <IconsSection />
      <BadgesSection />
      <CardsSection />
      <ListsSection />
      <EmptyStatesSection />
      <LoadingSection />
      <ToastsSection />
      <ChartsSection />
    </div>
  );
}
