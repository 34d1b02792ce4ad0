// The model that writes answers: an OpenAI-compatible chat-completions endpoint (its base URL, up to
// /v1), the model it runs and its key. The engine is handed one (EngineOptions.model, from the CLI's
// llm_* settings) and reads none from the environment; without one, answers are extractive.
export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey: string;
}
