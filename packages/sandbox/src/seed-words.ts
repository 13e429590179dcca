// Word lists for the generated demo playlists: varied enough that search, grouping and
// paging look like a real family's library.

export const TITLE_OPENERS = [
  'The Sleepy',
  'Captain',
  'The Little',
  'Midnight',
  'The Brave',
  'Professor',
  'The Curious',
  'Grandpa',
  'The Secret',
  'Rainy Day',
  'The Dancing',
  'Sunny',
  'The Lost',
  'Tiny',
  'The Singing',
  'Whispering',
] as const;

export const TITLE_SUBJECTS = [
  'Dragon',
  'Lighthouse',
  'Hedgehog',
  'Rocket',
  'Forest',
  'Submarine',
  'Owl',
  'Train',
  'Garden',
  'Penguin',
  'Castle',
  'Moon',
  'Fox',
  'Orchestra',
  'Dinosaur',
  'Island',
] as const;

export const TITLE_ENDINGS = [
  'Adventures',
  'Lullabies',
  'Sing-Along',
  'Stories',
  'Bedtime Tales',
  'Mix',
  'Podcast',
  'Songs',
  'Mysteries',
  'Fun Facts',
] as const;

export const CATEGORIES = ['stories', 'music', 'podcast', 'activities', 'sleep', 'radio'] as const;

export const AUTHORS = [
  'Mum',
  'Dad',
  'Auntie Rosa',
  'Grandma June',
  'The Kids',
  'Oliver Bright',
  'Amara Okafor',
  'Kenji Watanabe',
  'Lena Fischer',
  'Sofia Marquez',
] as const;

export const DESCRIPTION_OPENERS = [
  'A gentle collection for winding down after a busy day.',
  'Recorded at home on a rainy weekend.',
  'Favourite tracks for the car and the kitchen.',
  'Short chapters, perfect before lights out.',
  'Silly songs and sillier jokes.',
  'Everything the kids asked for this month.',
  'Calm music for quiet time.',
  'Stories from around the world, read aloud.',
] as const;

export const CHAPTER_WORDS = [
  'Beginning',
  'Journey',
  'Storm',
  'Surprise',
  'Friends',
  'Return',
  'Feast',
  'Puzzle',
  'Chase',
  'Goodnight',
] as const;

/** The base of every generated date, so the household is identical on every start. */
export const SEED_EPOCH = Date.UTC(2024, 0, 15, 9, 0, 0);
