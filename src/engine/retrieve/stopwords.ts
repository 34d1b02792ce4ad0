// Words that carry no retrieval signal: English function words, and the instructions analysts (and
// FinanceBench) wrap around a question ("Give a response to the question by relying on...").
export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on
once only or other our ours out over own same she should so some such than that the their theirs them then
there these they this those through to too under until up very was we were what when where which while who
whom why will with would you your yours yes per via within across among upon versus vs etc whether
give response question answer answers respond relying rely details detail shown show shows based basing
using use used utilize utilizing utilising provide provided calculate calculated calculating compute
computed extract assume assuming analyst analysts primarily information clearly outlined directly please
help us want need round rounded decimal decimals places place units unit percent percentage percents usd
dollars millions billions thousands amount amounts figure figures metric metrics financial define defined
definition mentioned mention perspective adopting adopt address addressing following equities banker
investment resources resource lost internet connection statement statements line items item report
reports reported filing filings document documents company company's companies firm corporation inc
much many value values number numbers total year years fiscal fy quarter quarterly annual period periods
compare compared comparison change changes changed growth grow grew ratio rate rates major main key
primary roughly approximately approx around reflect reflected ended ending as-of asof current currently
recent recently latest last prior previous next has have had been being get got make made take taken
according accordance regarding subject one two three four five six seven eight nine ten kind kinds type types way ways say said tell told look looking find found know known better best good
able there's it's what's how's don't doesn't didn't whats respectively`.split(/\s+/),
);

/** Question words that say a number is wanted. */
export const FIGURE_WORDS = /\b(?:how much|how many|what (?:is|was|were|are) the (?:amount|value|total)|amount|ratio|margin|rate|percent|percentage|usd|millions?|billions?|calculate|compute|cagr|turnover|days|per share|\$)\b/i;
