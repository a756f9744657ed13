/** The bounded XML scanner that reads the bank statements and the spreadsheets' parts (issue 46 item 4). */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import { attribute, scanXml, xmlnsOf, type XmlHandler, type XmlScanOptions } from '../../server/xml/scanner';

const bytes = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s);

/** The events of a scan that wants every attribute and every leaf's text, one string each. */
function events(xml: string | Buffer, options?: XmlScanOptions): string[] {
  const out: string[] = [];
  const h: XmlHandler = {
    wantAttrs: () => true,
    open: (local, prefix, attrs, _at, depth) =>
      out.push(`open ${prefix ? `${prefix}:` : ''}${local}@${depth}${attrs.map(([k, v]) => ` ${k}=${v}`).join('')}`),
    wantText: () => true,
    text: (value) => out.push(`text ${value}`),
    close: (local, depth) => out.push(`close ${local}@${depth}`),
  };
  scanXml(bytes(xml), h, options);
  return out;
}

/** The HttpError a scan throws (fails when it throws none). */
function refusal(xml: string | Buffer, options?: XmlScanOptions): { status: number; message: string } {
  try {
    events(xml, options);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    expect(e.errors).toEqual({ file: [e.message] });
    return { status: e.status, message: e.message };
  }
  throw new Error('not refused');
}
const message = (xml: string | Buffer, options?: XmlScanOptions) => refusal(xml, options).message;

describe('well-formed XML', () => {
  it('tells the elements in order, with their attributes and their leaves’ text; comments, instructions and white space around the root are skipped', () => {
    const xml =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- a statement -->\n<r id="1" name=\'due parole\'>' +
      '<a>uno</a><b/><c x = "y" >d<!-- no -->ue<?pi skipped?></c><d><e>tre</e></d></r>\n<!-- end -->\n';
    expect(events(xml)).toEqual([
      'open r@1 id=1 name=due parole',
      'open a@2',
      'text uno',
      'close a@2',
      'open b@2',
      'close b@2',
      'open c@2 x=y',
      'text due',
      'close c@2',
      'open d@2',
      'open e@3',
      'text tre',
      'close e@3',
      'close d@2',
      'close r@1',
    ]);
  });

  it('asks for the attributes and the texts it is told to, and gives where each starts and its line', () => {
    const seen: string[] = [];
    const xml = '<r>\n  <a k="v">x</a>\n  <b k="w">y</b>\n</r>';
    const scan = scanXml(bytes(xml), {
      wantAttrs: (local) => local === 'a',
      open: (local, _p, attrs, at) => seen.push(`${local} ${attrs.length} ${at}`),
      wantText: (depth) => depth === 2,
      text: (value, at, depth) => seen.push(`${value} ${at} ${depth}`),
    });
    expect(seen).toEqual(['r 0 0', 'a 1 6', 'x 15 2', 'b 0 23', 'y 32 2']);
    expect(scan.lineAt(6)).toBe(2);
    expect(scan.lineAt(32)).toBe(3);
  });

  it('names: the local name and the prefix; attributes by local name; the namespaces a tag declares', () => {
    const xml =
      '<doc:Document xmlns:doc="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns="urn:other">' +
      '<doc:Amt doc:Ccy="EUR">1.00</doc:Amt></doc:Document>';
    expect(events(xml)).toEqual([
      'open doc:Document@1 xmlns:doc=urn:iso:std:iso:20022:tech:xsd:camt.053.001.08 xmlns=urn:other',
      'open doc:Amt@2 doc:Ccy=EUR',
      'text 1.00',
      'close Amt@2',
      'close Document@1',
    ]);
    const found: Array<string | null | undefined> = [];
    scanXml(bytes(xml), {
      wantAttrs: () => true,
      open: (local, prefix, attrs) => {
        if (local === 'Document') found.push(xmlnsOf(attrs, prefix), xmlnsOf(attrs, ''), xmlnsOf(attrs, 'x'));
        else found.push(attribute(attrs, 'Ccy'), attribute(attrs, 'Id'));
      },
    });
    expect(found).toEqual(['urn:iso:std:iso:20022:tech:xsd:camt.053.001.08', 'urn:other', null, 'EUR', undefined]);
  });

  it('an attribute repeated under two prefixes is refused when asked for', () => {
    const xml = '<r xmlns:a="urn:a" a:r="1" r="2"/>';
    expect(() =>
      scanXml(bytes(xml), { wantAttrs: () => true, open: (_l, _p, attrs) => attribute(attrs, 'r') }),
    ).toThrow('Il file XML non è valido');
  });

  it('CDATA is text as it stands; outside the root it is refused', () => {
    expect(events('<a><![CDATA[<b>&amp; & </b>]]> e &amp; <![CDATA[]]>fine</a>')).toEqual([
      'open a@1',
      'text <b>&amp; & </b> e & fine',
      'close a@1',
    ]);
    expect(message('<![CDATA[x]]><a/>')).toBe('Il file XML non è valido alla riga 1');
  });

  it('the predefined entities and character references are decoded, in texts and attributes', () => {
    expect(events('<a t="&#x41;&amp;&#66;">&lt;&#x41;&#66;&gt;&quot;&apos;&#x1F600;</a>')).toEqual([
      'open a@1 t=A&B',
      'text <AB>"\'😀',
      'close a@1',
    ]);
  });

  it('encodings: UTF-16 with its BOM, Windows-1252 and ISO-8859-1 when declared', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a k="è">città</a>', 'utf16le')]);
    expect(events(utf16)).toEqual(['open a@1 k=è', 'text città', 'close a@1']);
    const utf16be = Buffer.from(
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('<a>però</a>', 'utf16le').swap16()]),
    );
    expect(events(utf16be)).toEqual(['open a@1', 'text però', 'close a@1']);
    for (const encoding of ['windows-1252', 'ISO-8859-1']) {
      const latin = Buffer.concat([
        Buffer.from(`<?xml version="1.0" encoding="${encoding}"?><a k="`, 'latin1'),
        Buffer.from([0xe8]),
        Buffer.from('">citt', 'latin1'),
        Buffer.from([0xe0]),
        Buffer.from('</a>', 'latin1'),
      ]);
      expect(events(latin)).toEqual(['open a@1 k=è', 'text città', 'close a@1']);
    }
    // the euro sign and the typographic quotes: 0x80, 0x93, 0x94 in Windows-1252 (and in a file
    // that says ISO-8859-1, read as browsers do), 0xA4 in ISO-8859-15
    const euro = (encoding: string, bytes: number[]) =>
      Buffer.concat([
        Buffer.from(`<?xml version="1.0" encoding="${encoding}"?><a>`, 'latin1'),
        Buffer.from(bytes),
        Buffer.from('</a>', 'latin1'),
      ]);
    expect(events(euro('windows-1252', [0x93, 0x31, 0x30, 0x20, 0x80, 0x94, 0x81]))).toEqual([
      'open a@1',
      'text “10 €”\x81',
      'close a@1',
    ]);
    expect(events(euro('ISO-8859-1', [0x80]))).toEqual(['open a@1', 'text €', 'close a@1']);
    expect(events(euro('ISO-8859-15', [0xa4, 0x80]))).toEqual(['open a@1', 'text €\x80', 'close a@1']);
  });

  it('an attribute not asked for is neither decoded nor checked for its references', () => {
    expect(() => scanXml(bytes('<a k="&nbsp;"/>'), {})).not.toThrow();
  });
});

describe('refused', () => {
  it('a DOCTYPE or an ENTITY declaration, wherever it stands, before anything is expanded', () => {
    const doctype = 'Il file XML contiene una dichiarazione DOCTYPE o ENTITY, che non è ammessa';
    expect(refusal('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>')).toEqual({
      status: 422,
      message: doctype,
    });
    expect(message('<r><!ENTITY x "y"><a/></r>')).toBe(doctype);
    expect(message('<!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>')).toBe(doctype);
  });

  it('an entity that is not predefined, a bare &, a reference to no character', () => {
    const ref = (r: string, line = 1) =>
      `Il file XML contiene alla riga ${line} un riferimento non ammesso (${r}): sono ammessi solo &amp; &lt; &gt; &quot; &apos; e i riferimenti a caratteri (&#…;)`;
    expect(message('<r>\n<a>a&nbsp;b</a></r>')).toBe(ref('&nbsp;', 2));
    expect(message('<r><a>Rossi & Bianchi</a></r>')).toBe(ref('&'));
    expect(message('<r><a>&amp</a></r>')).toBe(ref('&amp'));
    expect(message('<r><a>&#0;</a></r>')).toBe(ref('&#0;'));
    expect(message('<r><a>&#xD800;</a></r>')).toBe(ref('&#xD800;'));
    expect(message('<r><a>&#X41;</a></r>')).toBe(ref('&'));
    expect(message('<r k="&foo;"/>')).toBe(ref('&foo;'));
  });

  it('elements nested deeper than maxDepth', () => {
    expect(events('<a><b><c/></b></a>', { maxDepth: 3 })).toHaveLength(6);
    expect(refusal('<a><b>\n<c><d/></c></b></a>', { maxDepth: 3 })).toEqual({
      status: 422,
      message: 'Il file XML ha elementi annidati oltre 3 livelli (riga 2)',
    });
    // 64 by default
    const deep = (n: number) => `${'<a>'.repeat(n - 1)}<a/>${'</a>'.repeat(n - 1)}`;
    expect(events(deep(64))).toHaveLength(128);
    expect(message(deep(65))).toBe('Il file XML ha elementi annidati oltre 64 livelli (riga 1)');
  });

  it('more elements than maxElements', () => {
    expect(events('<r><a/><a/></r>', { maxElements: 3 })).toHaveLength(6);
    expect(message('<r><a/><a/><a/></r>', { maxElements: 3 })).toBe('Il file XML contiene più di 3 elementi');
    expect(message(`<r>${'<a/>'.repeat(10_000)}</r>`, { maxElements: 10_000 })).toBe(
      'Il file XML contiene più di 10.000 elementi',
    );
  });

  it('a tag of more than maxAttributes attributes or maxTagBytes bytes', () => {
    expect(message('<r>\n<a x="1" y="2" z="3"/></r>', { maxAttributes: 2 })).toBe(
      'Il file XML ha alla riga 2 un elemento con più di 2 attributi',
    );
    expect(message(`<r><a x="${'v'.repeat(2048)}"/></r>`, { maxTagBytes: 1024 })).toBe(
      'Il file XML ha alla riga 1 un tag più lungo di 1 KB',
    );
    // one tag of 200,000 attributes: refused at the 257th, not read to its end
    const bomb = `<r ${Array.from({ length: 200_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`;
    const started = performance.now();
    expect(message(bomb)).toBe('Il file XML ha alla riga 1 un elemento con più di 256 attributi');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a file larger than maxBytes (413)', () => {
    expect(refusal(Buffer.alloc(1024 * 1024 + 1, 0x20), { maxBytes: 1024 * 1024 })).toEqual({
      status: 413,
      message: 'Il file XML è troppo grande: può essere al massimo di 1 MB',
    });
  });

  it('not XML at all, or in an encoding not read', () => {
    expect(message('')).toBe('Il file non è un documento XML');
    expect(message('Data;Importo\n2026-03-01;10,00')).toBe('Il file non è un documento XML');
    expect(message('<?xml version="1.0"?>\n<!-- nothing -->')).toBe('Il file XML non contiene alcun elemento');
    expect(message('<?xml version="1.0" encoding="EBCDIC-IT"?><a/>')).toBe(
      'Il file XML è nella codifica ebcdic-it, che non è gestita: salvalo in UTF-8 (sono lette anche UTF-16, ISO-8859-1/15 e Windows-1252)',
    );
  });
});

describe('malformed', () => {
  it('an element left open', () => {
    expect(message('<r><a>x</a>')).toBe("Il file XML non è valido: l'elemento <r> non è chiuso");
    expect(message('<r><città>x')).toBe("Il file XML non è valido: l'elemento <città> non è chiuso");
  });

  it('an element closed by another name (a prefix counts)', () => {
    expect(message('<r>\n<a>x</b></r>')).toBe("Il file XML non è valido alla riga 2: </b> chiude l'elemento <a>");
    expect(message('<x:r xmlns:x="urn:x"></y:r>')).toBe(
      "Il file XML non è valido alla riga 1: </y:r> chiude l'elemento <x:r>",
    );
  });

  it('the rest of the syntax', () => {
    const invalid = (line: number) => `Il file XML non è valido alla riga ${line}`;
    expect(message('<r></r>\n<r/>')).toBe(invalid(2)); // two roots
    expect(message('<r/>testo')).toBe(invalid(1)); // text after the root
    expect(message('<r>\n</r x="1">')).toBe(invalid(2)); // attributes on a closing tag
    expect(message('<r></r/>')).toBe(invalid(1));
    expect(message('<r></></r>')).toBe(invalid(1)); // a closing tag of no name
    expect(message('<r x=1/>')).toBe(invalid(1)); // an unquoted value
    expect(message('<r x/>')).toBe(invalid(1)); // no value
    expect(message('<r x="a<b"/>')).toBe(invalid(1)); // '<' in a value
    expect(message('<r x="1')).toBe(invalid(1)); // the file ends in a tag
    expect(message('<r><!-- not closed </r>')).toBe(invalid(1));
    expect(message('<r><![CDATA[ not closed </r>')).toBe(invalid(1));
    expect(message('<r>< a/></r>')).toBe(invalid(1)); // no name
    expect(message('</r>')).toBe(invalid(1)); // a closing tag first
  });
});

describe('text', () => {
  it('a leaf’s text is cut at maxTextChars, the rest not decoded', () => {
    expect(events('<a>abcdefgh</a>', { maxTextChars: 5 })).toEqual(['open a@1', 'text abcde', 'close a@1']);
    // what lies past the bytes the kept characters need is not read: its broken reference is not seen
    expect(events(`<a>${'x'.repeat(200)}&broken</a>`, { maxTextChars: 5 })).toEqual([
      'open a@1',
      'text xxxxx',
      'close a@1',
    ]);
    // a reference the cut splits is left out with the rest (5 characters kept: 5 × 4 + 64 = 84 bytes read)
    expect(events(`<a>${'x'.repeat(82)}&amp;</a>`, { maxTextChars: 5 })).toEqual([
      'open a@1',
      'text xxxxx',
      'close a@1',
    ]);
  });

  it('an element with children has no text of its own; a self-closing one none at all', () => {
    expect(events('<a>x<b/>y</a>')).toEqual(['open a@1', 'open b@2', 'close b@2', 'close a@1']);
  });
});

describe("the caller's words", () => {
  const words: XmlScanOptions = {
    messages: { doctype: 'niente DOCTYPE', tooLarge: 'troppo grande', other: 'non è un estratto conto' },
  };
  it('for the problems it names, else `other`', () => {
    expect(refusal('<!DOCTYPE r><r/>', words)).toEqual({ status: 422, message: 'niente DOCTYPE' });
    expect(refusal('<r>', words)).toEqual({ status: 422, message: 'non è un estratto conto' });
    expect(refusal('<r>&x;</r>', words)).toEqual({ status: 422, message: 'non è un estratto conto' });
    expect(refusal('<r/>', { ...words, maxBytes: 3 })).toEqual({ status: 413, message: 'troppo grande' });
  });

  it("an HttpError thrown by the caller's handler goes through as it is", () => {
    const mine = new HttpError(422, 'mio');
    expect(() =>
      scanXml(bytes('<r/>'), {
        open: () => {
          throw mine;
        },
      }),
    ).toThrow(mine);
  });
});
