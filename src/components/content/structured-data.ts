/** JSON-LD for search engines: the agency as a local business, the website models as offers. */
import type { Model } from '../../content-schemas/models.ts';
import type { SiteData } from '../../content-schemas/site.ts';

const ALL_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function agencyJsonLd(site: SiteData, siteUrl: URL) {
  const { company } = site;
  return {
    '@context': 'https://schema.org',
    '@type': ['ProfessionalService', 'LocalBusiness'],
    '@id': new URL('/#agentur', siteUrl).href,
    name: site.name,
    legalName: company.legalName,
    description: site.subtitle,
    url: new URL('/', siteUrl).href,
    image: new URL('/images/og-hwds.png', siteUrl).href,
    email: company.email,
    telephone: company.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.street,
      postalCode: company.postalCode,
      addressLocality: company.city,
      addressCountry: 'DE',
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ALL_DAYS,
        opens: site.openingHours.opens,
        closes: site.openingHours.closes,
      },
    ],
    sameAs: site.social.map((network) => network.url),
  };
}

export function modelOffersJsonLd(models: Model[], site: SiteData, siteUrl: URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: 'Website-Modelle',
    url: new URL('/modelle', siteUrl).href,
    itemListElement: models.map((model) => ({
      '@type': 'Offer',
      name: model.name,
      description: model.description,
      priceCurrency: 'EUR',
      ...(model.priceType === 'upTo'
        ? { priceSpecification: { '@type': 'PriceSpecification', maxPrice: model.price, priceCurrency: 'EUR' } }
        : { price: model.price.toFixed(2) }),
      seller: { '@id': new URL('/#agentur', siteUrl).href, name: site.name },
    })),
  };
}
