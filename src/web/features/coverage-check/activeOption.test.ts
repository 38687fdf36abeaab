import { describe, expect, it } from 'vitest';
import { nextActiveOption } from './activeOption.js';

describe('the search box arrow keys', () => {
  it('go down from the typed text through the suggestions and back to the text', () => {
    const visited = [-1];
    for (let i = 0; i < 4; i++) visited.push(nextActiveOption(visited.at(-1)!, 1, 3));
    expect(visited).toEqual([-1, 0, 1, 2, -1]);
  });

  it('go up from the typed text to the last suggestion', () => {
    expect(nextActiveOption(-1, -1, 3)).toBe(2);
    expect(nextActiveOption(0, -1, 3)).toBe(-1);
  });

  it('stay on the typed text when there is no suggestion', () => {
    expect(nextActiveOption(-1, 1, 0)).toBe(-1);
    expect(nextActiveOption(-1, -1, 0)).toBe(-1);
  });
});
