/** POSTs JSON to our API; rejects with the response status on anything but 2xx. */
export async function postJson(path: string, body: unknown): Promise<void> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!res.ok) throw new PostError(res.status);
}

export class PostError extends Error {
  constructor(readonly status: number) {
    super(`request failed with status ${status}`);
  }
}
