import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it.each([
    [
      'keeps the allowed tags',
      '<p>Strong <strong>film</strong> and <em>cling</em></p>',
      '<p>Strong <strong>film</strong> and <em>cling</em></p>',
    ],
    [
      'keeps lists and small headings',
      '<h3>Sizes</h3><ul><li>A</li></ul><ol><li>B</li></ol><h4>x</h4>',
      '<h3>Sizes</h3><ul><li>A</li></ul><ol><li>B</li></ol><h4>x</h4>',
    ],
    ['writes line breaks as <br>', 'one<br/>two<BR >three</br>', 'one<br>two<br>three'],
    [
      'removes scripts with their content',
      '<p>ok</p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT >',
      '<p>ok</p>',
    ],
    [
      'removes event handlers with the tag',
      '<img src=x onerror="alert(1)"><p onclick="steal()">hi</p>',
      '<p>hi</p>',
    ],
    ['removes javascript: links but keeps their text', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['drops every attribute, even on allowed tags', '<p style="x" class="y" title=\'a>b\'>t</p>', '<p>t</p>'],
    [
      'removes style, iframe and svg blocks',
      '<style>p{}</style><iframe src="//evil"></iframe><svg onload="x()"><script>y()</script></svg>z',
      'z',
    ],
    ['removes comments', 'a<!-- <script>x()</script> -->b<!-- unclosed', 'ab'],
    ['escapes stray angle brackets', 'a < b > c <3', 'a &lt; b &gt; c &lt;3'],
    ['keeps entities', 'Fish &amp; chips &lt;b&gt;', 'Fish &amp; chips &lt;b&gt;'],
    ['closes what it leaves open', '<p><strong>bold', '<p><strong>bold</strong></p>'],
    ['ignores end tags that were never opened', '</ul></div>text</p>', 'text'],
    ['closes inner tags before an outer end tag', '<ul><li>a</ul>b', '<ul><li>a</li></ul>b'],
    [
      'cannot be tricked by a tag split around another',
      '<scr<script>ipt>alert(1)</script>',
      'ipt&gt;alert(1)',
    ],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });

  it('leaves nothing that could run', () => {
    const hostile = [
      '<img src=x onerror=alert(1)//>',
      '<svg/onload=alert(1)>',
      '<a href=javascript:alert(1)>x',
      '<p><iframe srcdoc="<script>alert(1)</script>"></iframe></p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<details open ontoggle=alert(1)>',
    ].join('');
    const clean = sanitizeDescription(hostile);
    expect(clean).not.toMatch(/on\w+\s*=|javascript:|<(?!\/?(p|ul|ol|li|strong|em|br|h3|h4)>)/i);
  });
});
