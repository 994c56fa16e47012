/** The drawing of each industry family (content/industries.yaml), inline as a component: the landing page's hero, the home page's list of families. */
import bauen from '../../assets/illustrations/branchen/bauen.svg';
import beratung from '../../assets/illustrations/branchen/beratung.svg';
import gastro from '../../assets/illustrations/branchen/gastro.svg';
import gesundheit from '../../assets/illustrations/branchen/gesundheit.svg';
import handel from '../../assets/illustrations/branchen/handel.svg';
import service from '../../assets/illustrations/branchen/service.svg';
import type { Motif } from '../../content-schemas/industries.ts';

export const MOTIF_DRAWINGS: Record<Motif, typeof bauen> = { gastro, handel, gesundheit, bauen, service, beratung };
