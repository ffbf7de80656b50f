/**
 * Passwords that meet the spec's rule (8+ characters, lower, upper, digit) and still fall to the
 * first guesses of any attacker: the most used ones from public breach lists, and local variants
 * (German, French, Italian, Swiss). Compared case-insensitively. Used with `strongPassword()`.
 */
const commonPasswords = new Set(
  `
password1 password12 password123 password1234 password12345 password2 password01 password!1 password1!
passw0rd passw0rd1 passw0rd! p@ssw0rd p@ssw0rd1 p@ssword1 p@ssword123 pa55word pa55w0rd pa$$w0rd
passwort1 passwort12 passwort123 passwort1234 passw0rt passw0rt1 kennwort1 kennwort123
motdepasse1 motdepasse123 m0tdepasse azerty123 azerty1234 azertyuiop1 bonjour1 bonjour123
parola123 parola1234 passaparola1 password01! ciao1234 ciao12345
qwerty123 qwerty1234 qwerty12345 qwerty12 qwerty01 qwertyuiop1 qwertz123 qwertz1234 qwertzu1 qwertzuiop1
1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1 q1w2e3r4 q1w2e3r4t5 a1b2c3d4 a1s2d3f4
abc12345 abcd1234 abcde123 abcdef12 abcdef123 abc123456 aa123456 aa12345678 asdf1234 asdfgh12 asdfghjk1
test1234 test12345 test123456 tester123 testing1 testing123 demo1234 user1234 guest1234
admin123 admin1234 admin12345 administrator1 root1234 changeme1 changeme123 default1 default123
welcome1 welcome12 welcome123 welcome2024 welcome2025 welcome2026 willkommen1 willkommen123
letmein1 letmein123 iloveyou1 iloveyou12 iloveyou123 ichliebedich1 jetaime123 tiamo1234
monkey123 dragon123 master123 shadow123 sunshine1 sunshine123 princess1 princess123 superman1
batman123 football1 football123 baseball1 fussball1 fussball123 soccer123 hockey123 starwars1
michael1 jennifer1 jessica1 charlie1 charlie123 daniel123 thomas123 nicole123 andrea123 sandra123
summer2023 summer2024 summer2025 summer2026 sommer2023 sommer2024 sommer2025 sommer2026
winter2023 winter2024 winter2025 winter2026 spring2024 spring2025 autumn2024 autumn2025
herbst2024 herbst2025 fruehling2025 january2025 january2026 januar2025 januar2026
hallo123 hallo1234 hallo12345 hello123 hello1234 hello12345 helloworld1 secret123 secret1234
geheim123 geheim1234 trustno1! computer1 internet1 samsung1 iphone123 google123 linkedin1
schweiz1 schweiz123 suisse123 svizzera1 switzerland1 zuerich1 zurich123 bern1234 basel1234
geneve123 lausanne1 luzern123 lugano123 helvetia1 grueezi1 chuchichaeschtli1 bpw12345 bpwswiss1
bpwschweiz1 business1 business123 company1 women1234 frauen123 netzwerk1 network1 club1234
abcdefg1 password0 password9 aaaaaa1a 11111111a 12345678a 123456789a a12345678 a123456789
1234567a 123456aa 123qweasd 123qwe123 qwe123qwe 1234qwer 1234abcd 12qwaszx
`
    .split(/\s+/)
    .filter(Boolean),
);

/** Common words that, followed only by digits and punctuation, make a guessable password. */
const guessableStems = [
  'password',
  'passwort',
  'passw0rd',
  'p@ssw0rd',
  'motdepasse',
  'qwerty',
  'qwertz',
  'azerty',
  'welcome',
  'willkommen',
  'sommer',
  'summer',
  'winter',
  'hallo',
  'hello',
  'admin',
  'letmein',
  'iloveyou',
  'changeme',
  'test',
];
const stemPattern = new RegExp(`^(${guessableStems.map((s) => s.replace(/[$@]/g, '\\$&')).join('|')})[\\d\\W_]*$`);

export const commonPasswordCount = commonPasswords.size;

/** True for a password on the common list, or a common word with only digits/punctuation after it. */
export function isCommonPassword(password: string): boolean {
  const normalised = password.trim().toLowerCase();
  return commonPasswords.has(normalised) || stemPattern.test(normalised);
}
