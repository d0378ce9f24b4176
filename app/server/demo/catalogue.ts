import { slugify } from "~/lib/slug";
/**
 * People, categories, tags and reader comments of the demo. Every person and event is fictional.
 */
import type { BannerKey } from "./images";

/** Insertion order is the order the navigation shows them in. */
export const DEMO_CATEGORIES = [
  { name: "Politics", nameNe: "राजनीति", descriptionNe: "संसद्, दल, निर्वाचन र नेपालको शासन चलाउने निर्णयहरू।", description: "Parliament, parties, elections and the decisions that shape how Nepal is governed." },
  { name: "Investigation", nameNe: "खोज", descriptionNe: "सार्वजनिक रकम, कागजात र निर्णयलाई तिनको अन्तिम ठाउँसम्म पछ्याउने लामो रिपोर्टिङ।", description: "Long-form reporting that follows public money, documents and decisions to where they lead." },
  { name: "Economy", nameNe: "अर्थतन्त्र", descriptionNe: "बजेट, कर, बैंकिङ र व्यापार, अनि तिनबाट कसले पाउँछ, कसले गुमाउँछ।", description: "Budgets, taxes, banking and trade, and who gains or loses from them." },
  { name: "Society", nameNe: "समाज", descriptionNe: "विद्यालय, राहत, सार्वजनिक सेवा र तिनमा भर पर्ने मानिसहरू।", description: "Schools, relief, public services and the people who depend on them." },
  { name: "Environment", nameNe: "वातावरण", descriptionNe: "नदी, वन, जलविद्युत् र नेपालका प्राकृतिक स्रोतको दोहनको मूल्य।", description: "Rivers, forests, hydropower and the cost of exploiting Nepal's natural resources." },
  { name: "Province", nameNe: "प्रदेश", descriptionNe: "सात प्रदेश र अहिले सार्वजनिक खर्चको ठूलो हिस्सा चलाउने स्थानीय सरकारबाट रिपोर्टिङ।", description: "Reporting from the seven provinces and the local governments that now spend much of the public purse." },
  { name: "Sports", nameNe: "खेलकुद", descriptionNe: "जिल्लाका मैदानदेखि राष्ट्रिय संघसम्म, नेपाली खेलकुदपछाडिको पैसा र सुशासन।", description: "The money and governance behind Nepali sport, from district grounds to national associations." },
  { name: "Opinion", nameNe: "विचार", descriptionNe: "खुलासाका लेखक र अतिथि योगदानकर्ताका टिप्पणी र विश्लेषण।", description: "Commentary and analysis from Khulasa's writers and guest contributors." },
  { name: "Featured", nameNe: "विशेष", descriptionNe: "सम्पादकहरूले छानेका हाम्रा सबैभन्दा गहिरा विशेष रिपोर्ट।", description: "Our most in-depth special reports, selected by the editors." },
] as const;
export type CategoryName = (typeof DEMO_CATEGORIES)[number]["name"];

export const DEMO_TAGS = [
  "Corruption",
  "Procurement",
  "Budget",
  "Elections",
  "Transparency",
  "Right to Information",
  "Hydropower",
  "Federalism",
  "Land",
  "Health",
] as const;
export type TagName = (typeof DEMO_TAGS)[number];

/** Every tag named in Nepali too: the Nepali edition shows these. */
const DEMO_TAG_NAMES_NE: Record<TagName, string> = {
  Corruption: "भ्रष्टाचार",
  Procurement: "सार्वजनिक खरिद",
  Budget: "बजेट",
  Elections: "निर्वाचन",
  Transparency: "पारदर्शिता",
  "Right to Information": "सूचनाको हक",
  Hydropower: "जलविद्युत्",
  Federalism: "सङ्घीयता",
  Land: "जग्गा",
  Health: "स्वास्थ्य",
};

export const DEMO_WRITERS = {
  sushma: {
    name: "Sushma Adhikari",
    nameNe: "सुष्मा अधिकारी",
    bioNe: "खुलासाकी खोज सम्पादक। उनले पन्ध्र वर्षदेखि सार्वजनिक ठेक्कालाई बोलपत्रको सूचनादेखि निर्माणस्थलसम्म पछ्याउँदै आएकी छन्।",
    email: "sushma.adhikari@example.com",
    bio: "Investigations editor at Khulasa. She has spent fifteen years following public contracts from the tender notice to the building site.",
  },
  bikash: {
    name: "Bikash Tamang",
    nameNe: "विकास तामाङ",
    bioNe: "बजेट, बैंकिङ र सार्वजनिक वित्त हेर्ने डेटा रिपोर्टर। खुलासाका धेरै खोजीमूलक समाचारपछाडिका स्प्रेडसिट उनैले बनाउँछन्।",
    email: "bikash.tamang@example.com",
    bio: "Data reporter covering budgets, banking and public finance. He builds the spreadsheets behind many of Khulasa's investigations.",
  },
  anjali: {
    name: "Anjali Yadav",
    nameNe: "अञ्जली यादव",
    bioNe: "जनकपुरमा रहेर तराईभरका स्थानीय सरकार, जग्गा र सार्वजनिक सेवाबारे रिपोर्टिङ गर्ने प्रदेश संवाददाता।",
    email: "anjali.yadav@example.com",
    bio: "Province correspondent based in Janakpur, reporting on local government, land and public services across the Tarai.",
  },
  kiran: {
    name: "Kiran Bhattarai",
    nameNe: "किरण भट्टराई",
    bioNe: "संसद्, निर्वाचन र शक्तिलाई जवाफदेही बनाउनुपर्ने संस्थाबारे लेख्ने राजनीतिक सम्पादक र स्तम्भकार।",
    email: "kiran.bhattarai@example.com",
    bio: "Political editor and columnist writing about parliament, elections and the institutions meant to hold power to account.",
  },
} as const;
export type WriterKey = keyof typeof DEMO_WRITERS;

export const DEMO_READERS = [
  { name: "Nabin Karki", email: "reader1@example.com" },
  { name: "Sarita Magar", email: "reader2@example.com" },
  { name: "Dev Raj Joshi", email: "reader3@example.com" },
] as const;

/** Banner captions describe the illustration, in the language of the article that shows it. */
export const BANNER_CAPTIONS: Record<BannerKey, { en: string; ne: string }> = {
  river: { en: "Illustration: a river valley", ne: "चित्रण: नदी उपत्यका" },
  ridge: { en: "Illustration: hill ridges at dusk", ne: "चित्रण: साँझपखका पहाडी डाँडा" },
  ledger: { en: "Illustration: pages of a ledger", ne: "चित्रण: हिसाबका पाना" },
  network: { en: "Illustration: a web of connections", ne: "चित्रण: सम्बन्धको जालो" },
  ballot: { en: "Illustration: ballot boxes", ne: "चित्रण: मतपत्रका कोठा" },
  fields: { en: "Illustration: terraced fields", ne: "चित्रण: गरा र खेत" },
  pulse: { en: "Illustration: a heartbeat line", ne: "चित्रण: मुटुको धड्कन" },
  stadium: { en: "Illustration: running track lanes", ne: "चित्रण: दौडमार्ग" },
  city: { en: "Illustration: a city skyline", ne: "चित्रण: सहरको क्षितिज" },
  dawn: { en: "Illustration: sunrise", ne: "चित्रण: सूर्योदय" },
};

export interface DemoComment {
  article: string;
  /** Index into DEMO_READERS. */
  reader: 0 | 1 | 2;
  text: string;
  approved: boolean;
  hoursAfterPublication: number;
}

export const DEMO_COMMENTS: DemoComment[] = [
  {
    article: "bridge-en",
    reader: 2,
    approved: true,
    hoursAfterPublication: 5,
    text: "Thank you for publishing the payment dates. Our ward had a similar 'new' culvert last year. Is there a way to check the municipal payment records ourselves?",
  },
  {
    article: "bridge-en",
    reader: 1,
    approved: true,
    hoursAfterPublication: 34,
    text: "Good to see the new administrative officer responding. I hope a follow-up tells us whether the money actually came back.",
  },
  {
    article: "bridge-ne",
    reader: 0,
    approved: true,
    hoursAfterPublication: 3,
    text: "हाम्रो गाउँपालिकामा पनि यस्तै भएको हुन सक्छ। सबै भुक्तानीको विवरण वडा कार्यालयमा टाँस्नुपर्ने नियम किन लागू हुँदैन?",
  },
  {
    article: "bridge-ne",
    reader: 1,
    approved: false,
    hoursAfterPublication: 40,
    text: "दोस्रो कम्पनीको नाम किन खुलाइएन? जनताले थाहा पाउनुपर्छ।",
  },
  {
    article: "medicine",
    reader: 0,
    approved: true,
    hoursAfterPublication: 4,
    text: "मेरो बुबाको उपचार गर्दा हामीले पनि बाहिरैबाट औषधि किन्नुपरेको थियो। अब कारण बुझियो।",
  },
  {
    article: "medicine",
    reader: 2,
    approved: true,
    hoursAfterPublication: 10,
    text: "राम्रो अनुसन्धान। म्याद नाघेका औषधि नष्ट गरेको अभिलेख पनि सार्वजनिक हुनुपर्छ।",
  },
  {
    article: "medicine",
    reader: 1,
    approved: false,
    hoursAfterPublication: 30,
    text: "अस्पताल विकास समितिले यो खरिद कसरी स्वीकृत गर्यो? अर्को समाचारमा यसबारे पनि लेख्नुहोला।",
  },
  {
    article: "road-en",
    reader: 1,
    approved: true,
    hoursAfterPublication: 2,
    text: "The list of five companies made this easy to follow. Subcontracting chains like this are an open secret in the construction sector.",
  },
  {
    article: "road-en",
    reader: 2,
    approved: true,
    hoursAfterPublication: 6,
    text: "Are the two collapsed sections being repaired under the defect liability period? The contractor should pay, not the municipality.",
  },
  {
    article: "road-ne",
    reader: 0,
    approved: true,
    hoursAfterPublication: 3,
    text: "हरेक कम्पनीले कति राख्यो भन्ने विवरण निकै स्पष्ट छ। यस्तो खोजमूलक पत्रकारिता निरन्तर होस्।",
  },
  {
    article: "road-ne",
    reader: 2,
    approved: false,
    hoursAfterPublication: 12,
    text: "यो सडक कुन जिल्लाको हो? हाम्रो जिल्लामा पनि यस्तै ढाँचा देखिएको छ।",
  },
  {
    article: "hydro",
    reader: 2,
    approved: true,
    hoursAfterPublication: 8,
    text: "Our municipality was also refused permission for a small community plant. This explains why.",
  },
  {
    article: "hydro",
    reader: 1,
    approved: true,
    hoursAfterPublication: 30,
    text: "A clear use-it-or-lose-it rule for licences would help honest developers too.",
  },
  {
    article: "rti-amendment",
    reader: 1,
    approved: false,
    hoursAfterPublication: 0.5,
    text: "Thirty days is far too long. Which office can we write to about this draft?",
  },
  {
    article: "teacher-rti",
    reader: 1,
    approved: true,
    hoursAfterPublication: 5,
    text: "What an inspiring story. Could you publish a sample information request letter?",
  },
  {
    article: "teacher-rti",
    reader: 2,
    approved: true,
    hoursAfterPublication: 20,
    text: "She should be invited to train ward committees. One request changed a whole village.",
  },
  {
    article: "cooperative",
    reader: 2,
    approved: true,
    hoursAfterPublication: 12,
    text: "My relatives are among the depositors. Thank you for explaining where the money went.",
  },
  {
    article: "cooperative",
    reader: 0,
    approved: false,
    hoursAfterPublication: 50,
    text: "Will the management committee publish the list of borrowers who have not repaid? That is the only way to put pressure on them.",
  },
  {
    article: "rti-opinion",
    reader: 0,
    approved: true,
    hoursAfterPublication: 6,
    text: "गत वर्ष मैले पनि वडा कार्यालयमा सूचना मागेको थिएँ। 'किन चाहियो' भनेर सोधियो। यो लेखले मेरै अनुभव बोलेको छ।",
  },
  {
    article: "rti-opinion",
    reader: 1,
    approved: true,
    hoursAfterPublication: 15,
    text: "सूचना अधिकारीलाई तालिम दिने कुरा निकै व्यावहारिक सुझाव हो।",
  },
  {
    article: "relief",
    reader: 0,
    approved: true,
    hoursAfterPublication: 9,
    text: "पुनरावलोकन समितिमा पीडितका प्रतिनिधि पनि राखिनुपर्छ।",
  },
  {
    article: "stadium",
    reader: 2,
    approved: true,
    hoursAfterPublication: 14,
    text: "I trained on that ground as a student. It is sad to see athletes running on the road.",
  },
  {
    article: "madhesh-roads",
    reader: 0,
    approved: true,
    hoursAfterPublication: 5,
    text: "उपभोक्ता समितिको नाममा ठेकेदारले नै काम गर्ने चलन अब रोकिनुपर्छ।",
  },
  {
    article: "madhesh-roads",
    reader: 1,
    approved: false,
    hoursAfterPublication: 20,
    text: "भत्किएको कल्भर्टको फोटो पनि राख्नुहोस्, मानिसले अझ विश्वास गर्छन्।",
  },
  {
    article: "federalism-opinion",
    reader: 1,
    approved: true,
    hoursAfterPublication: 18,
    text: "Well argued. Municipal assemblies rarely question the executive, and the public rarely attends.",
  },
];

/** The rows of the demo's sections, writers and tags, named in both languages (slugs from the English names). */
export const demoCategoryRows = () =>
  DEMO_CATEGORIES.map(({ name, nameNe, description, descriptionNe }) => ({
    names: { en: name, ne: nameNe },
    slug: slugify(name),
    descriptions: { en: description, ne: descriptionNe },
  }));

export const demoWriterRows = () =>
  Object.values(DEMO_WRITERS).map(({ name, nameNe, email, bio, bioNe }) => ({ names: { en: name, ne: nameNe }, email, bios: { en: bio, ne: bioNe } }));

export const demoTagRows = () => DEMO_TAGS.map((name) => ({ names: { en: name, ne: DEMO_TAG_NAMES_NE[name] }, slug: slugify(name) }));
