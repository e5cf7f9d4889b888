// The environment every script gives the Cloudflare tools it starts (wrangler, and Vite with the
// Workers plugin, which runs Miniflare): no usage metrics, and no download of the sample
// `Request.cf` object. The worker never reads `request.cf`, and without internet Miniflare printed
// an ENOTFOUND stack trace at every start, which reads like a failure to a newcomer.
export const toolEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
