// Whether a model is configured: FILINGS_LLM_BASE_URL (an OpenAI-compatible endpoint), FILINGS_LLM_MODEL
// and FILINGS_LLM_API_KEY, all three.
export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export function llmConfig(env: NodeJS.ProcessEnv): LlmConfig | undefined {
  const { FILINGS_LLM_BASE_URL: baseUrl, FILINGS_LLM_MODEL: model, FILINGS_LLM_API_KEY: apiKey } = env;
  return baseUrl && model && apiKey ? { baseUrl: baseUrl.replace(/\/+$/, ''), model, apiKey } : undefined;
}
