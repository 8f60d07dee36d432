// A small C# highlighter for the playground: a single-pass tokenizer that
// turns source text into HTML spans (comments, strings with interpolation
// holes, numbers, keywords, type-like and method names). It never changes
// the text, only wraps it, so the highlighted <pre> lines up character for
// character with the <textarea> above it.
"use strict";

const CSharp = (() => {
  const keywords = new Set(("abstract as base break case catch checked class const continue default delegate do " +
    "else enum event explicit extern false finally fixed for foreach goto if implicit in interface internal is " +
    "lock namespace new null operator out override params private protected public readonly ref return sealed " +
    "sizeof stackalloc static struct switch this throw true try typeof unchecked unsafe using virtual volatile while " +
    "async await var yield get set init value when where record nameof dynamic partial global and or not with " +
    "required file scoped add remove from select let join on equals into orderby ascending descending group by").split(" "));
  const builtinTypes = new Set(("bool byte char decimal double float int long object sbyte short string uint ulong " +
    "ushort void nint nuint").split(" "));

  function esc(s) {
    return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  function span(cls, text) {
    return '<span class="tok-' + cls + '">' + esc(text) + "</span>";
  }

  const numberRe = /^(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)(?:[uU][lL]?|[lL][uU]?|[fFdDmM])?/;
  const identRe = /^@?[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_\u00C0-\uFFFF]*/;

  // stringEnd returns the index just past the string literal starting at i
  // (the opening quote or prefix), without interpreting holes.
  function stringEnd(src, i) {
    let verbatim = false;
    while (src[i] === "$" || src[i] === "@") {
      if (src[i] === "@") verbatim = true;
      i++;
    }
    if (src.startsWith('"""', i)) {
      const close = src.indexOf('"""', i + 3);
      return close < 0 ? src.length : close + 3;
    }
    i++; // opening quote
    while (i < src.length) {
      const c = src[i];
      if (verbatim) {
        if (c === '"') {
          if (src[i + 1] === '"') { i += 2; continue; }
          return i + 1;
        }
      } else {
        if (c === "\\") { i += 2; continue; }
        if (c === '"') return i + 1;
        if (c === "\n") return i;
      }
      i++;
    }
    return i;
  }

  // holeEnd returns the index of the '}' closing the interpolation hole
  // whose body starts at i.
  function holeEnd(src, i, end) {
    let depth = 0;
    while (i < end) {
      const c = src[i];
      if (c === '"' || ((c === "$" || c === "@") && (src[i + 1] === '"' || src[i + 2] === '"'))) {
        i = stringEnd(src, i);
        continue;
      }
      if (c === "{") depth++;
      if (c === "}") {
        if (depth === 0) return i;
        depth--;
      }
      i++;
    }
    return end;
  }

  // interpolated highlights $"..." with its holes as code.
  function interpolated(src, start, end) {
    let out = "";
    let i = start;
    let text = start;
    while (i < src.length && (src[i] === "$" || src[i] === "@")) i++;
    i++; // quote
    while (i < end) {
      const c = src[i];
      if ((c === "{" || c === "}") && src[i + 1] === c) { i += 2; continue; }
      if (c === "\\" && !src.slice(start, start + 3).includes("@")) { i += 2; continue; }
      if (c === "{") {
        out += span("string", src.slice(text, i + 1));
        const close = holeEnd(src, i + 1, end);
        out += highlight(src.slice(i + 1, close));
        text = close;
        i = close + 1;
        continue;
      }
      i++;
    }
    return out + span("string", src.slice(text, end));
  }

  // highlight returns src as HTML with a span around each token.
  function highlight(src) {
    let out = "";
    let i = 0;
    let lineStart = true;
    while (i < src.length) {
      const c = src[i];
      const rest = src.slice(i, i + 3);
      let m;
      if (c === "\n") { out += "\n"; i++; lineStart = true; continue; }
      if (c === " " || c === "\t" || c === "\r") { out += c; i++; continue; }
      if (lineStart && c === "#") {
        const e = src.indexOf("\n", i);
        const end = e < 0 ? src.length : e;
        out += span("comment", src.slice(i, end));
        i = end;
        continue;
      }
      lineStart = false;
      if (rest.startsWith("//")) {
        const e = src.indexOf("\n", i);
        const end = e < 0 ? src.length : e;
        out += span("comment", src.slice(i, end));
        i = end;
        continue;
      }
      if (rest.startsWith("/*")) {
        const e = src.indexOf("*/", i + 2);
        const end = e < 0 ? src.length : e + 2;
        out += span("comment", src.slice(i, end));
        i = end;
        continue;
      }
      if (c === '"' || /^(\$@?|@\$?)"/.test(rest)) {
        const end = stringEnd(src, i);
        out += rest.includes("$") ? interpolated(src, i, end) : span("string", src.slice(i, end));
        i = end;
        continue;
      }
      if (c === "'") {
        let j = i + 1;
        while (j < src.length && src[j] !== "'" && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
        const end = Math.min(src.length, src[j] === "'" ? j + 1 : j);
        out += span("string", src.slice(i, end));
        i = end;
        continue;
      }
      if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] || ""))) {
        m = numberRe.exec(src.slice(i, i + 64));
        if (m && m[0]) {
          out += span("number", m[0]);
          i += m[0].length;
          continue;
        }
      }
      m = identRe.exec(src.slice(i, i + 256));
      if (m) {
        const word = m[0];
        const after = src.slice(i + word.length).match(/^\s*(\(|<)/);
        let cls = null;
        if (keywords.has(word)) cls = "keyword";
        else if (builtinTypes.has(word)) cls = "type";
        else if (after && after[1] === "(") cls = "method";
        else if (/^[A-Z]/.test(word)) cls = "type";
        out += cls ? span(cls, word) : esc(word);
        i += word.length;
        continue;
      }
      out += esc(c);
      i++;
    }
    return out;
  }

  // asm highlights `asyncvm disasm` listings: method headers, opcodes, the
  // notes after ';' and the registers an await saves.
  function asm(text) {
    return text.split("\n").map((line) => {
      let m = /^(\s+)(\d+)(\s+)(\[\s*\d+\])(\s+)([A-Z][A-Z0-9]*)(.*)$/.exec(line);
      if (m) {
        let tail = m[7];
        let note = "";
        const semi = tail.indexOf(";");
        if (semi >= 0) {
          note = tail.slice(semi);
          tail = tail.slice(0, semi);
        }
        let noteHTML = esc(note);
        const saves = /saves \[[^\]]*\]( \+exception slot)?/.exec(note);
        if (saves) {
          noteHTML = esc(note.slice(0, saves.index)) + '<span class="tok-saves">' + esc(saves[0]) + "</span>" + esc(note.slice(saves.index + saves[0].length));
        }
        return m[1] + span("pc", m[2]) + m[3] + span("line", m[4]) + m[5] + span("op", m[6]) + esc(tail) +
          (note ? '<span class="tok-comment">' + noteHTML + "</span>" : "");
      }
      if (/^\S/.test(line)) return span("method", line);
      return esc(line);
    }).join("\n");
  }

  return { highlight, asm, esc };
})();
