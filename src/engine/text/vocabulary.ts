// The words the engine reads the same way wherever it meets them, each spelled once: month names,
// stop words, growth and comparison words. Pure data; every room may import it.

// ---- Months ----

/** Month abbreviations as filings and questions write them, January first: a month's number is its
 * index + 1. */
export const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** The months' full names, January first. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** A month's number (1-12) by its abbreviation, "sept" included. */
export const MONTH_NUMBER: Record<string, number> = { ...Object.fromEntries(MONTHS.map((m, i) => [m, i + 1])), sept: 9 };
/** The number (1-12) of a month named in full or abbreviated ("September", "Sept", "sep"); 0 when none. */
export const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
/** Regex alternation of the abbreviations ("jan|feb|...|dec"): followed by `[a-z]*`, any spelling. */
export const MONTH_START = MONTHS.join('|');
/** Regex alternation of a month written out or abbreviated: "jan", "January", "Sept", "september". */
export const MONTH_WORD =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

// ---- Stop words ----
// Words that carry no retrieval signal (STOP_WORDS). Three general kinds, none taken from particular
// questions: English function words, the language of asking and instructing ("please give", "based on", "round"),
// and words every filing and question about filings shares ("company", "fiscal", "reported", units).
// Evaluative framing ("healthy", "consistent", "improving") says how to judge, not what to find.

const ENGLISH = `a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can cannot could couldn't did didn't do does doesn't doing don't down during each either
few for from further had hadn't has hasn't have haven't having he he's her here here's hers herself him himself his
how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me might more most must mustn't my
myself neither no nor not now of off on once only or other others otherwise ought our ours ourselves out over own
same shall shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them
themselves then there there's these they they'd they'll they're they've this those though through thus to too
under until up upon us very via was wasn't we we'd we'll we're we've were weren't what what's whats when when's
where where's whether which while who who's whom whose why why's will with within without won't would wouldn't yes
yet you you'd you'll you're you've your yours yourself yourselves across among amongst versus vs etc per else ever
every everything anything something nothing one ones another much many lot lots really quite rather like
two three four five six seven eight nine ten twelve hundred first second third fourth half`;

const ASKING = `ask asked asking answer answers answered answering respond response responses reply question questions
please kindly tell told show shows shown showing give given giving provide provided providing find found list
listed identify identified state stated explain explained explaining describe described describing discuss
discussing summarize summarise summary outline outlined detail details detailed relying rely relies based basing
base using use used utilize utilizing utilising assume assuming assumed suppose consider considering note noted
mention mentioned mentions according accordance regarding regards concerning related relating relate respect
respectively refer referring reference referencing primarily chiefly mainly mostly clearly plainly directly simply briefly exactly roughly approximately
approx around about nearly almost calculate calculated calculating calculation compute computed computing
determine determined derive derived estimate round rounded rounding decimal decimals place places digit digits
format formatted express expressed report reports reported reporting want wanted need needed needs help looking
look see seen know known think say said get got make made take taken keep kept try want would like prefer
perspective view opinion judgment judgement conclusion conclusions drawing draw drawn analyst analysts
analysis investor investors reader readers user users assistant`;

const FILINGS = `company company's companies corporation corp inc firm firm's business's entity entities fiscal fy year years
yearly annual annually quarter quarters quarterly period periods month months ended ending end date dates filing
filings filed file document documents statement statements line lines item items figure figures number numbers
amount amounts value values metric metrics data information info total totals overall
usd dollar dollars million millions billion billions thousand thousands percent percents percentage percentages pct basis
points bps unit units currency`;

const FRAMING = `healthy unhealthy reasonably reasonable consistent consistently inconsistent historically historical improving
improve improved improvement deteriorating deteriorate stable stability solid robust sound strong stronger weak
weaker good better best bad worse poor significant significantly material materially notable notably key major
main primary important importantly general generally overall largely mostly mainly particular particularly specific
specifically current currently recent recently latest last prior previous next new old relevant business businesses`;

// Verbs that say how a filing puts something ("the risks Netflix describes"), never what it says: a
// filing's text rarely uses them, so searched they would leave nothing to find.
const TELLING = `describes discusses discussed discloses disclose disclosed disclosing says saying mentioning explains
summarizes summarises outlines highlights highlight highlighted identifies cites cite cited lists presents presented`;

export const STOP_WORDS = new Set([ENGLISH, ASKING, FILINGS, FRAMING, TELLING].join(' ').split(/\s+/).filter(Boolean));
/** Function words and the language of asking: no word of these names a quantity or a part of one. */
export const GLUE_WORDS = new Set([ENGLISH, ASKING].join(' ').split(/\s+/).filter(Boolean));
/** Of those, the ones labels are made of ("Other income", "Income before taxes", "year two"): a
 * label's words keep them. */
export const LABEL_WORDS = new Set(
  'other before after non less per one two three four five six seven eight nine ten first second third fourth'.split(' '),
);
/** A label's content word: not glue, unless labels are made of it. */
export const isLabelWord = (w: string) => !GLUE_WORDS.has(w) || LABEL_WORDS.has(w);

/** Question words that say a number is wanted. */
export const FIGURE_WORDS = new RegExp(
  String.raw`\b(?:how much|how many|what (?:is|was|were|are) the (?:amount|value|total|level)|amount|ratio|margin` +
    String.raw`|rate|percent(?:age)?|usd|millions?|billions?|calculate|compute|cagr|turnover|days|per share|\$)\b`,
  'i',
);

/** The function words a company's name is matched without ("Bank of America", "The Home Depot"). */
export const NAME_STOP_WORDS = new Set(
  (
    'a an and the of for in on at to by with from or as is are was were be it its this that what which who how why when ' +
    'where do does did has have had not no per vs us we our you your'
  ).split(' '),
);

// ---- Growth and comparison ----

/** Words that ask a change over time or a comparison, not a line item ("revenue growth", "compared"). */
export const GROWTH_WORDS = new Set([
  'growth',
  'grow',
  'grown',
  'grows',
  'growing',
  'grew',
  'change',
  'changes',
  'changed',
  'increase',
  'increases',
  'increased',
  'decrease',
  'decreases',
  'decreased',
  'decline',
  'declines',
  'declined',
  'rose',
  'fell',
  'cagr',
  'yoy',
  'trend',
  'trends',
  'compare',
  'compared',
  'comparison',
  'versus',
  'vs',
]);

// Words that say a figure rose, and that it fell ("what pushed sales up", "why did margins decline"; a
// driver's sentence says which way too). ("Negatively impacted" is a year's fall; "positively impacted"
// is as often what a measure's level depends on: no direction.)
export const RISE_WORDS = /\b(?:increas\w*|grew|grow\w*|higher|rose|rise|improv\w*|expan\w*|gains?|doubl\w*|tripl\w*)\b/i;
export const FALL_WORDS =
  /\b(?:decreas\w*|declin\w*|lower|fell|drop\w*|down|reduc\w*|contract\w*|worsen\w*|unfavorabl\w*|negatively|adversely|halv\w*)\b/i;
