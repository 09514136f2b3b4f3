import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';

// patches/@huggingface__jinja@0.5.11.patch: the library dropped what a loop iteration wrote
// before `continue` or `break`, where Python's Jinja (transformers, vLLM) keeps it. EXAONE 4's
// template writes its system turn and then continues, so without the patch it loses that turn.
describe('@huggingface/jinja, as patched for the fidelity suite', () => {
  it('keeps what an iteration wrote before continue or break, as Python Jinja does', () => {
    const render = (source: string) => new Template(source).render({});
    expect(
      render(
        '{% for x in [1, 2, 3] %}a{{ x }}{% if x == 2 %}b{% continue %}{% endif %}c{% endfor %}',
      ),
    ).toBe('a1ca2ba3c');
    expect(
      render('{% for x in [1, 2, 3] %}{{ x }}{% if x == 2 %}{% break %}{% endif %}.{% endfor %}'),
    ).toBe('1.2');
    expect(render('{% for x in [1] %}{{ x }}{% continue %}{% else %}none{% endfor %}')).toBe('1');
  });
});
