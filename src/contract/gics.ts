// GICS sector and sub-industry names (the March 2023 structure, which the S&P 500 constituents list
// uses). Filters on these fields are matched case-insensitively against these names.

export const GICS_SECTORS = [
  'Communication Services', 'Consumer Discretionary', 'Consumer Staples', 'Energy', 'Financials',
  'Health Care', 'Industrials', 'Information Technology', 'Materials', 'Real Estate', 'Utilities',
] as const;

export const GICS_SUB_INDUSTRIES = [
  // Energy
  'Oil & Gas Drilling', 'Oil & Gas Equipment & Services', 'Integrated Oil & Gas',
  'Oil & Gas Exploration & Production', 'Oil & Gas Refining & Marketing',
  'Oil & Gas Storage & Transportation', 'Coal & Consumable Fuels',
  // Materials
  'Commodity Chemicals', 'Diversified Chemicals', 'Fertilizers & Agricultural Chemicals',
  'Industrial Gases', 'Specialty Chemicals', 'Construction Materials', 'Metal, Glass & Plastic Containers',
  'Paper & Plastic Packaging Products & Materials', 'Aluminum', 'Diversified Metals & Mining', 'Copper',
  'Gold', 'Precious Metals & Minerals', 'Silver', 'Steel', 'Forest Products', 'Paper Products',
  // Industrials
  'Aerospace & Defense', 'Building Products', 'Construction & Engineering',
  'Electrical Components & Equipment', 'Heavy Electrical Equipment', 'Industrial Conglomerates',
  'Construction Machinery & Heavy Transportation Equipment', 'Agricultural & Farm Machinery',
  'Industrial Machinery & Supplies & Components', 'Trading Companies & Distributors',
  'Commercial Printing', 'Environmental & Facilities Services', 'Office Services & Supplies',
  'Diversified Support Services', 'Security & Alarm Services', 'Human Resource & Employment Services',
  'Research & Consulting Services', 'Data Processing & Outsourced Services', 'Air Freight & Logistics',
  'Passenger Airlines', 'Marine Transportation', 'Rail Transportation', 'Cargo Ground Transportation',
  'Passenger Ground Transportation', 'Airport Services', 'Highways & Railtracks', 'Marine Ports & Services',
  // Consumer Discretionary
  'Automotive Parts & Equipment', 'Tires & Rubber', 'Automobile Manufacturers', 'Motorcycle Manufacturers',
  'Consumer Electronics', 'Home Furnishings', 'Homebuilding', 'Household Appliances',
  'Housewares & Specialties', 'Leisure Products', 'Apparel, Accessories & Luxury Goods', 'Footwear',
  'Textiles', 'Casinos & Gaming', 'Hotels, Resorts & Cruise Lines', 'Leisure Facilities', 'Restaurants',
  'Education Services', 'Specialized Consumer Services', 'Distributors', 'Broadline Retail',
  'Apparel Retail', 'Computer & Electronics Retail', 'Home Improvement Retail', 'Other Specialty Retail',
  'Automotive Retail', 'Homefurnishing Retail',
  // Consumer Staples
  'Drug Retail', 'Food Distributors', 'Food Retail', 'Consumer Staples Merchandise Retail', 'Brewers',
  'Distillers & Vintners', 'Soft Drinks & Non-alcoholic Beverages', 'Agricultural Products & Services',
  'Packaged Foods & Meats', 'Tobacco', 'Household Products', 'Personal Care Products',
  // Health Care
  'Health Care Equipment', 'Health Care Supplies', 'Health Care Distributors', 'Health Care Services',
  'Health Care Facilities', 'Managed Health Care', 'Health Care Technology', 'Biotechnology',
  'Pharmaceuticals', 'Life Sciences Tools & Services',
  // Financials
  'Diversified Banks', 'Regional Banks', 'Diversified Financial Services', 'Multi-Sector Holdings',
  'Specialized Finance', 'Commercial & Residential Mortgage Finance', 'Transaction & Payment Processing Services',
  'Consumer Finance', 'Asset Management & Custody Banks', 'Investment Banking & Brokerage',
  'Diversified Capital Markets', 'Financial Exchanges & Data', 'Mortgage REITs', 'Insurance Brokers',
  'Life & Health Insurance', 'Multi-line Insurance', 'Property & Casualty Insurance', 'Reinsurance',
  // Information Technology
  'IT Consulting & Other Services', 'Internet Services & Infrastructure', 'Application Software',
  'Systems Software', 'Communications Equipment', 'Technology Hardware, Storage & Peripherals',
  'Electronic Equipment & Instruments', 'Electronic Components', 'Electronic Manufacturing Services',
  'Technology Distributors', 'Semiconductor Materials & Equipment', 'Semiconductors',
  // Communication Services
  'Alternative Carriers', 'Integrated Telecommunication Services', 'Wireless Telecommunication Services',
  'Advertising', 'Broadcasting', 'Cable & Satellite', 'Publishing', 'Movies & Entertainment',
  'Interactive Home Entertainment', 'Interactive Media & Services',
  // Utilities
  'Electric Utilities', 'Gas Utilities', 'Multi-Utilities', 'Water Utilities',
  'Independent Power Producers & Energy Traders', 'Renewable Electricity',
  // Real Estate
  'Diversified REITs', 'Industrial REITs', 'Hotel & Resort REITs', 'Office REITs', 'Health Care REITs',
  'Multi-Family Residential REITs', 'Single-Family Residential REITs', 'Retail REITs',
  'Other Specialized REITs', 'Self-Storage REITs', 'Telecom Tower REITs', 'Timber REITs',
  'Data Center REITs', 'Diversified Real Estate Activities', 'Real Estate Operating Companies',
  'Real Estate Development', 'Real Estate Services',
] as const;
