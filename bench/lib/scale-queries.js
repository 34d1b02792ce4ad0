// The questions of the scale benchmark, by type (issue 14). They name companies, sectors and years of
// the sample, so every scale (1x is the sample itself) has evidence for them; the synthetic copies only
// add other companies' filings, which is what a growing index does to a query.
export const QUERY_TYPES = [
  {
    name: 'company + year',
    mode: 'research',
    questions: [
      "What was 3M's capital expenditure in FY2018?",
      'What was the total revenue of Johnson & Johnson in 2022?',
      "What was PepsiCo's operating income in fiscal 2021?",
      'How much cash did Nike have at the end of fiscal 2023?',
      'What was Walmart net income in FY2020?',
      'What were the risk factors of JPMorgan in 2022?',
    ],
  },
  {
    name: 'company',
    mode: 'research',
    questions: [
      'What are the main risks Adobe describes?',
      "How has Amcor's revenue changed over the years?",
      'What does Coca-Cola say about its bottling partners?',
      'What litigation is 3M involved in?',
      "Describe Costco's membership fee income",
      'What does Lockheed Martin say about the F-35 program?',
    ],
  },
  {
    name: 'sector (inferred)',
    mode: 'research',
    questions: [
      'What do tech companies say about supply chain risks?',
      'How do banks describe credit losses?',
      'What do semiconductor companies say about export controls to China?',
      'How are pharmaceutical companies affected by drug pricing?',
      'What do Information Technology companies say about cybersecurity incidents?',
      'How do airlines describe fuel costs?',
    ],
  },
  {
    name: 'no filter',
    mode: 'research',
    questions: [
      'cybersecurity incidents and data breaches',
      'impact of inflation on gross margins',
      'goodwill impairment charges',
      'share repurchase programs',
      'foreign currency exchange risk',
      'climate change regulation',
    ],
  },
  {
    name: 'basic',
    mode: 'basic',
    questions: [
      "What was 3M's capital expenditure in FY2018?",
      'supply chain disruptions',
      'Johnson & Johnson talc litigation',
      'revenue recognition for software licenses',
      'pension plan funded status',
      'What is the dividend policy?',
    ],
  },
  {
    name: 'agentic comparison',
    mode: 'agentic_research',
    questions: [
      'Compare the revenue of Pepsi and Coca-Cola in 2022',
      "Compare Apple's and Microsoft's research and development spending in 2023",
      'How did Nike and Costco gross margins compare in 2022?',
      'Compare capital expenditures of 3M and Johnson & Johnson in 2022',
      'Compare the net income of JPMorgan and American Express in 2022',
      'Compare AMD and Micron inventory levels in 2023',
    ],
  },
];
