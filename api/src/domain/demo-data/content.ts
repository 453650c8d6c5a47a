// What the demo content contains: the teams, surveys (titles in en, es, fi), touchpoints and the
// words respondents write. Plain data: generator.ts turns questions and answers into rows, the seed
// (api/src/seed/demo.ts) the rest.

export type Lang = "en" | "es" | "fi";
export type Text = Record<Lang, string>;

export const demoLanguages: readonly Lang[] = ["en", "es", "fi"];

/** The emotional value index clusters and their default values (DESIGN.md "Domain definitions"). */
export const eviClusters = { advocacy: 1, trust: 0.66, attention: 0.33, destroying: -1 } as const;
export type EviCluster = keyof typeof eviClusters;

export type UnitKey = "root" | "stores" | "helsinki" | "tampere" | "turku" | "online" | "webShop" | "support";

/** The team tree: Demo Oy → Stores → Helsinki / Tampere / Turku, Demo Oy → Online → Web shop / Support. */
export const demoUnits: readonly { key: UnitKey; name: string; parent: UnitKey | null }[] = [
  { key: "root", name: "Demo Oy", parent: null },
  { key: "stores", name: "Stores", parent: "root" },
  { key: "helsinki", name: "Helsinki", parent: "stores" },
  { key: "tampere", name: "Tampere", parent: "stores" },
  { key: "turku", name: "Turku", parent: "stores" },
  { key: "online", name: "Online", parent: "root" },
  { key: "webShop", name: "Web shop", parent: "online" },
  { key: "support", name: "Support", parent: "online" },
];

export type ChoiceSpec = { key: string; text: Text; cluster?: EviCluster };

export type QuestionSpec =
  | { kind: "smiley5" | "smiley4" | "nps" | "openText"; title: Text; required?: boolean }
  | { kind: "slider"; title: Text; minLabel: Text; maxLabel: Text }
  | { kind: "singleChoice" | "multipleChoice"; title: Text; choices: readonly ChoiceSpec[] }
  | { kind: "emotion"; title: Text; choices: readonly ChoiceSpec[]; required?: boolean }
  | { kind: "contactDetails"; title: Text };

export type SurveyKey = "store" | "webShop" | "support" | "product";

export type SurveySpec = { key: SurveyKey; name: string; unit: UnitKey; tags: string[]; questions: readonly QuestionSpec[] };

const npsTitle: Text = {
  en: "How likely are you to recommend Demo Oy to a friend or colleague?",
  es: "¿Qué probabilidad hay de que recomiende Demo Oy a un amigo o colega?",
  fi: "Kuinka todennäköisesti suosittelisit Demo Oy:tä ystävällesi tai kollegallesi?",
};

const emotions: readonly ChoiceSpec[] = [
  { key: "delighted", cluster: "advocacy", text: { en: "Delighted", es: "Encantado", fi: "Ilahtunut" } },
  { key: "happy", cluster: "advocacy", text: { en: "Happy", es: "Feliz", fi: "Iloinen" } },
  { key: "safe", cluster: "trust", text: { en: "Safe", es: "Seguro", fi: "Turvallinen" } },
  { key: "satisfied", cluster: "trust", text: { en: "Satisfied", es: "Satisfecho", fi: "Tyytyväinen" } },
  { key: "curious", cluster: "attention", text: { en: "Curious", es: "Curioso", fi: "Utelias" } },
  { key: "indifferent", cluster: "attention", text: { en: "Indifferent", es: "Indiferente", fi: "Välinpitämätön" } },
  { key: "frustrated", cluster: "destroying", text: { en: "Frustrated", es: "Frustrado", fi: "Turhautunut" } },
  { key: "disappointed", cluster: "destroying", text: { en: "Disappointed", es: "Decepcionado", fi: "Pettynyt" } },
];

export const demoSurveys: readonly SurveySpec[] = [
  {
    key: "store",
    name: "Store visit",
    unit: "stores",
    tags: ["stores", "nps"],
    questions: [
      {
        kind: "smiley5",
        required: true,
        title: {
          en: "How satisfied were you with your visit today?",
          es: "¿Qué tan satisfecho quedó con su visita de hoy?",
          fi: "Kuinka tyytyväinen olit tämänpäiväiseen käyntiisi?",
        },
      },
      { kind: "nps", required: true, title: npsTitle },
      {
        kind: "singleChoice",
        title: {
          en: "What was the main reason for your visit?",
          es: "¿Cuál fue el motivo principal de su visita?",
          fi: "Mikä oli käyntisi pääasiallinen syy?",
        },
        choices: [
          { key: "groceries", text: { en: "Shopping", es: "Compras", fi: "Ostokset" } },
          { key: "pickup", text: { en: "Picking up an order", es: "Recoger un pedido", fi: "Tilauksen nouto" } },
          { key: "return", text: { en: "Returning a product", es: "Devolver un producto", fi: "Tuotteen palautus" } },
          { key: "browsing", text: { en: "Just browsing", es: "Solo mirando", fi: "Katselin vain" } },
        ],
      },
      {
        kind: "emotion",
        title: {
          en: "Which word best describes how you feel about us?",
          es: "¿Qué palabra describe mejor lo que siente por nosotros?",
          fi: "Mikä sana kuvaa parhaiten tunteitasi meitä kohtaan?",
        },
        choices: emotions,
      },
      { kind: "openText", title: { en: "What could we do better?", es: "¿Qué podríamos mejorar?", fi: "Mitä voisimme tehdä paremmin?" } },
    ],
  },
  {
    key: "webShop",
    name: "Web shop experience",
    unit: "webShop",
    tags: ["online"],
    questions: [
      {
        kind: "smiley4",
        required: true,
        title: { en: "How was your shopping experience?", es: "¿Cómo fue su experiencia de compra?", fi: "Millainen ostokokemuksesi oli?" },
      },
      {
        kind: "slider",
        title: {
          en: "How easy was it to find what you were looking for?",
          es: "¿Qué tan fácil fue encontrar lo que buscaba?",
          fi: "Kuinka helppoa etsimäsi löytäminen oli?",
        },
        minLabel: { en: "Very hard", es: "Muy difícil", fi: "Todella vaikeaa" },
        maxLabel: { en: "Very easy", es: "Muy fácil", fi: "Todella helppoa" },
      },
      {
        kind: "multipleChoice",
        title: { en: "What did you buy today?", es: "¿Qué compró hoy?", fi: "Mitä ostit tänään?" },
        choices: [
          { key: "clothing", text: { en: "Clothing", es: "Ropa", fi: "Vaatteita" } },
          { key: "electronics", text: { en: "Electronics", es: "Electrónica", fi: "Elektroniikkaa" } },
          { key: "home", text: { en: "Home and garden", es: "Hogar y jardín", fi: "Koti ja puutarha" } },
          { key: "toys", text: { en: "Toys", es: "Juguetes", fi: "Leluja" } },
          { key: "nothing", text: { en: "Nothing this time", es: "Nada esta vez", fi: "En mitään tällä kertaa" } },
        ],
      },
      { kind: "nps", required: true, title: npsTitle },
      { kind: "openText", title: { en: "Tell us more", es: "Cuéntenos más", fi: "Kerro lisää" } },
    ],
  },
  {
    key: "support",
    name: "Customer support follow-up",
    unit: "support",
    tags: ["support"],
    questions: [
      {
        kind: "smiley5",
        required: true,
        title: {
          en: "How satisfied are you with the help you received?",
          es: "¿Qué tan satisfecho está con la ayuda recibida?",
          fi: "Kuinka tyytyväinen olet saamaasi apuun?",
        },
      },
      {
        kind: "slider",
        title: { en: "How quickly was your issue resolved?", es: "¿Con qué rapidez se resolvió su problema?", fi: "Kuinka nopeasti asiasi ratkaistiin?" },
        minLabel: { en: "Very slowly", es: "Muy lento", fi: "Todella hitaasti" },
        maxLabel: { en: "Very quickly", es: "Muy rápido", fi: "Todella nopeasti" },
      },
      { kind: "nps", required: true, title: npsTitle },
      {
        kind: "openText",
        title: { en: "Anything else you want to tell us?", es: "¿Algo más que quiera contarnos?", fi: "Haluatko kertoa meille vielä jotain?" },
      },
      {
        kind: "contactDetails",
        title: {
          en: "May we contact you? Leave your details.",
          es: "¿Podemos contactarle? Deje sus datos.",
          fi: "Saammeko ottaa sinuun yhteyttä? Jätä yhteystietosi.",
        },
      },
    ],
  },
  {
    key: "product",
    name: "Product feedback",
    unit: "root",
    tags: ["product"],
    questions: [
      {
        kind: "emotion",
        required: true,
        title: {
          en: "How does our product make you feel?",
          es: "¿Cómo le hace sentir nuestro producto?",
          fi: "Millaisia tunteita tuotteemme herättää sinussa?",
        },
        choices: emotions,
      },
      {
        kind: "smiley4",
        required: true,
        title: { en: "How satisfied are you with the quality?", es: "¿Qué tan satisfecho está con la calidad?", fi: "Kuinka tyytyväinen olet laatuun?" },
      },
      {
        kind: "singleChoice",
        title: {
          en: "How long have you used our products?",
          es: "¿Cuánto tiempo lleva usando nuestros productos?",
          fi: "Kuinka kauan olet käyttänyt tuotteitamme?",
        },
        choices: [
          { key: "new", text: { en: "Less than a month", es: "Menos de un mes", fi: "Alle kuukauden" } },
          { key: "year", text: { en: "Up to a year", es: "Hasta un año", fi: "Enintään vuoden" } },
          { key: "long", text: { en: "More than a year", es: "Más de un año", fi: "Yli vuoden" } },
        ],
      },
      { kind: "openText", title: { en: "What would make it even better?", es: "¿Qué lo haría aún mejor?", fi: "Mikä tekisi siitä vielä paremman?" } },
    ],
  },
];

export type TouchpointKind = "terminal" | "link" | "qr" | "website";

export type TouchpointSpec = {
  key: string;
  name: string;
  type: TouchpointKind;
  unit: UnitKey;
  survey: SurveyKey;
  /** Share of the responses (relative). */
  weight: number;
  /** Moves the respondents' mood: negative makes it worse, positive better (probability of one step). */
  moodShift: number;
  /** Chance of each response language at this touchpoint. */
  languages: Record<Lang, number>;
  metadata: (pick: <T>(items: readonly T[]) => T) => Record<string, string>;
};

const finnishSite = { fi: 0.6, en: 0.3, es: 0.1 };
const onlineSite = { fi: 0.5, en: 0.35, es: 0.15 };

export const demoTouchpoints: readonly TouchpointSpec[] = [
  {
    key: "helsinkiTerminal",
    name: "Helsinki entrance terminal",
    type: "terminal",
    unit: "helsinki",
    survey: "store",
    weight: 30,
    moodShift: 0,
    languages: finnishSite,
    metadata: (pick) => ({ store: "Helsinki", visit: pick(["first", "returning", "returning"]) }),
  },
  {
    key: "tampereTerminal",
    name: "Tampere checkout terminal",
    type: "terminal",
    unit: "tampere",
    survey: "store",
    weight: 18,
    moodShift: 0.12,
    languages: finnishSite,
    metadata: (pick) => ({ store: "Tampere", visit: pick(["first", "returning", "returning"]) }),
  },
  {
    key: "turkuTerminal",
    name: "Turku checkout terminal",
    type: "terminal",
    unit: "turku",
    survey: "store",
    weight: 14,
    moodShift: -0.3,
    languages: finnishSite,
    metadata: (pick) => ({ store: "Turku", visit: pick(["first", "returning", "returning"]) }),
  },
  {
    key: "helsinkiReceiptQr",
    name: "Helsinki receipt QR code",
    type: "qr",
    unit: "helsinki",
    survey: "store",
    weight: 8,
    moodShift: 0,
    languages: finnishSite,
    metadata: (pick) => ({ store: "Helsinki", visit: pick(["first", "returning"]) }),
  },
  {
    key: "webShopWidget",
    name: "Web shop widget",
    type: "website",
    unit: "webShop",
    survey: "webShop",
    weight: 15,
    moodShift: 0,
    languages: onlineSite,
    metadata: (pick) => ({ page: pick(["/", "/products", "/checkout", "/checkout"]), device: pick(["mobile", "mobile", "desktop"]) }),
  },
  {
    key: "orderConfirmationLink",
    name: "Order confirmation email link",
    type: "link",
    unit: "webShop",
    survey: "webShop",
    weight: 7,
    moodShift: 0.05,
    languages: onlineSite,
    metadata: (pick) => ({ delivery: pick(["home delivery", "pickup point", "store pickup"]) }),
  },
  {
    key: "supportLink",
    name: "Support ticket follow-up link",
    type: "link",
    unit: "support",
    survey: "support",
    weight: 6,
    moodShift: -0.15,
    languages: onlineSite,
    metadata: (pick) => ({ channel: pick(["chat", "email", "phone"]) }),
  },
  {
    key: "packagingQr",
    name: "Product packaging QR code",
    type: "qr",
    unit: "online",
    survey: "product",
    weight: 2,
    moodShift: 0.1,
    languages: onlineSite,
    metadata: (pick) => ({ product: pick(["Blender 500", "Kettle Pro", "Toaster Mini"]) }),
  },
];

/** Open-text answers by language and tone. */
export const openTexts: Record<Lang, { positive: readonly string[]; neutral: readonly string[]; negative: readonly string[] }> = {
  en: {
    positive: [
      "Friendly staff and quick service, thank you!",
      "Everything went smoothly, I will definitely come back.",
      "Great selection and fair prices.",
      "The checkout was fast and the staff were very helpful.",
      "Excellent service, the best store in town.",
      "Delivery arrived a day early, very happy.",
    ],
    neutral: [
      "It was okay, nothing special.",
      "Decent service but the queue was a bit long.",
      "Good products, the website could be clearer.",
      "Fine overall, parking was hard to find.",
    ],
    negative: [
      "I waited far too long at the checkout.",
      "The product I wanted was out of stock again.",
      "Rude staff and a messy store.",
      "Delivery was late and nobody answered my emails.",
      "Prices are too high for this quality.",
      "The payment page kept failing, very frustrating.",
    ],
  },
  es: {
    positive: [
      "Personal muy amable y servicio rápido, ¡gracias!",
      "Todo fue perfecto, volveré sin duda.",
      "Buena selección y precios justos.",
      "Excelente atención, muy recomendable.",
      "El pedido llegó antes de lo previsto, muy contento.",
    ],
    neutral: ["Estuvo bien, nada especial.", "Buen servicio pero la cola era un poco larga.", "Productos buenos, la web podría ser más clara."],
    negative: [
      "Esperé demasiado tiempo en la caja.",
      "El producto que quería estaba agotado otra vez.",
      "El personal fue maleducado y la tienda estaba desordenada.",
      "La entrega llegó tarde y nadie respondió a mis correos.",
      "Los precios son demasiado altos para esta calidad.",
    ],
  },
  fi: {
    positive: [
      "Ystävällinen henkilökunta ja nopea palvelu, kiitos!",
      "Kaikki sujui hienosti, tulen ehdottomasti uudestaan.",
      "Hyvä valikoima ja reilut hinnat.",
      "Kassalla palvelu oli nopeaa ja myyjät todella avuliaita.",
      "Erinomaista palvelua, kaupungin paras kauppa.",
      "Toimitus tuli päivän etuajassa, olen tosi tyytyväinen.",
    ],
    neutral: [
      "Ihan ok, ei mitään erikoista.",
      "Palvelu oli kohtuullista, mutta jono oli vähän pitkä.",
      "Hyvät tuotteet, verkkosivut voisivat olla selkeämmät.",
      "Kokonaisuutena hyvä, pysäköintipaikkaa oli vaikea löytää.",
    ],
    negative: [
      "Jouduin odottamaan kassalla aivan liian kauan.",
      "Haluamani tuote oli taas loppu.",
      "Epäkohtelias henkilökunta ja sotkuinen myymälä.",
      "Toimitus myöhästyi eikä kukaan vastannut sähköposteihini.",
      "Hinnat ovat liian korkeat tähän laatuun nähden.",
      "Maksusivu kaatui kerta toisensa jälkeen, todella turhauttavaa.",
    ],
  },
};

export const contactNames: readonly string[] = [
  "Aino Virtanen",
  "Mikko Korhonen",
  "Laura Nieminen",
  "Juha Mäkinen",
  "Sofia García",
  "Carlos López",
  "Emma Smith",
  "Oliver Brown",
];
