import { readFileSync } from 'node:fs';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import ModelCards from '../../src/components/content/ModelCards.astro';
import { type Model, modelSchema } from '../../src/content-schemas/models.ts';

const fixture = (): Model[] =>
  modelSchema.array().parse(parseYaml(readFileSync('tests/unit/fixtures/models.yaml', 'utf8')));
let container: AstroContainer;

beforeAll(async () => {
  container = await AstroContainer.create();
});

const render = (models: Model[]) => container.renderToString(ModelCards, { props: { models } });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the models on the page follow the collection', () => {
  it('shows each model with its price in German format and its limits', async () => {
    const html = text(await render(fixture()));
    expect(html).toContain('Modell 1 Informationsseite mit CMS 1.200,00 €');
    expect(html).toContain('bis zu 20 Fotos, 10 Leistungen und 5 Seiten');
    expect(html).toContain('Modell 5 Individuelle Lösung bis zu 10.000,00 €');
  });

  it('changes when an editor changes a price in the collection', async () => {
    const models = fixture();
    const model = models[0] as Model;
    model.price = 1349.5;
    const html = text(await render(models));
    expect(html).toContain('Informationsseite mit CMS 1.349,50 €');
    expect(html).not.toContain('1.200,00 €');
  });

  it('marks only the model the collection names as the recommendation', async () => {
    const models = fixture();
    expect(text(await render(models))).not.toContain('Unsere Empfehlung');
    (models[1] as Model).recommended = true;
    const html = text(await render(models));
    expect(html).toContain('Unsere Empfehlung Modell 5 Individuelle Lösung');
    expect(html.match(/Unsere Empfehlung/g)).toHaveLength(1);
    expect(html).not.toContain('Am häufigsten gewählt'); // a claim about customers the agency cannot back (§ 5 UWG)
  });
});
