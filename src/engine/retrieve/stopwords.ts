// Words that carry no retrieval signal. Three general kinds, none taken from particular questions:
// English function words, the language of asking and instructing ("please give", "based on", "round"),
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
export const LABEL_WORDS = new Set('other before after non less per one two three four five six seven eight nine ten first second third fourth'.split(' '));
/** A label's content word: not glue, unless labels are made of it. */
export const isLabelWord = (w: string) => !GLUE_WORDS.has(w) || LABEL_WORDS.has(w);

/** Question words that say a number is wanted. */
export const FIGURE_WORDS = /\b(?:how much|how many|what (?:is|was|were|are) the (?:amount|value|total|level)|amount|ratio|margin|rate|percent(?:age)?|usd|millions?|billions?|calculate|compute|cagr|turnover|days|per share|\$)\b/i;
