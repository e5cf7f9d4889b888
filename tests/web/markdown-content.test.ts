import { describe, expect, it } from "vitest";
import { parseContentFile, renderMarkdown } from "../../scripts/markdown-content.ts";

describe("build-time Markdown", () => {
  it("renders headings, lists and emphasis", () => {
    const html = renderMarkdown("## Antes de salir\n\n- **Casco** siempre\n- Agua");
    expect(html).toContain("<h2>Antes de salir</h2>");
    expect(html).toContain("<li><strong>Casco</strong> siempre</li>");
  });

  it("never lets raw HTML from the content through", () => {
    const html = renderMarkdown('Hola <script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&#60;script&#62;");
  });

  it("drops links that are not ours, https or mailto", () => {
    const html = renderMarkdown(
      "[malo](javascript:alert(1)) [bien](/blog) [fuera](https://example.org) [mail](mailto:hola@rodamos.app)",
    );
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="/blog">bien</a>');
    expect(html).toContain('<a href="https://example.org" rel="noopener">fuera</a>');
    expect(html).toContain('href="mailto:hola@rodamos.app"');
  });

  it("refuses an article whose front matter is incomplete", () => {
    const source = '---\nslug: x\ntitle: "Corto"\n---\nTexto';
    expect(() => parseContentFile("/web/content/blog/x.md", source)).toThrow(/bad front matter/);
  });
});
