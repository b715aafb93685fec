"""CS61B's Word world state, on a small word list shipped as Python data (the page has no network guarantee).

``Word(word, goal)`` is hw4's Word.java: its neighbors are the words one letter changed, inserted or deleted
away, every one of them in the word list; its estimate is the edit distance to the goal.  It is the package's
:class:`~puzzlesolver.words.WordState` with the list below by default, so a student's generic Solver is
checked on ladders as well as on boards (:data:`LADDERS`).

>>> [str(word) for word in Word("horse", "nurse").neighbors()][:4]
['hose', 'worse', 'house', 'horde']
"""

from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from ..search import AStar
from ..words import WordState, dictionary_neighbors

__all__ = ["Word", "WORDS", "LADDERS", "optimal_ladder"]

#: About 400 common words: enough for hw4's ladders (horse -> nurse, cube -> tubes) and their detours.
WORDS: FrozenSet[str] = frozenset("""
a an and ant ants are art arts at ate bad bade bag bake bale ball band bane bar bare bark barn base bat bate
bath bats bay be bead beam bean bear beat bed bee been beer bet bid bide big bile bin bit bite boa boat bode
body bog bold bole bone bore born bow bows cab cake call came can cane cap cape car card care cart case cat
cats cave cob code coin cold cole colt come cone cook cool cop cope copes core cored cores cork corn cot
cote could cove cow cows cub cube cubed cubes cud cue cues cull cur curb curd cure cured cures curl curs
curt cut cute dab dale dame dare dark dart date dead deal dear deed den dense dig dim dime dine dire dirt dish
do doe does dog dole dome done door dore dose dot dote dove down dune dupe dust ear earn ease east eat fab face
fad fade fair fake fame far fare farm fast fat fate fear feat fed fee feed feel few fig file fin find fine fir
fire firm fit five foe fold folk fond food fool for force ford fore fork form fort four fuse fuss gab gale game
gap gape gate gaze go goat gold gone good gore had hale hall halt ham hare harm has hat hate have hay he
head heal hear heat held hell help hen her herd here hid hide him hire his hit ho hoe hold hole home hone hood
hook hop hope hops horde horn horse horses hose hoses host hot house hue hug hum hurt hut in is it kite lab lace
lad lake lame lane lard late law lay lead lean led let lid life like lime line lire lit lobe lode lone look
lord lore lose lost lot love lure lute mace made mail main make male man mane mare mart mat mate me mead meal
mean meat men mere mile mine mire mite mode mole mood moon moor more most mote move mud mule muse must
mute nab name nap near neat net new nice nine no node none nor nose not note now nude nurse nut oak oar oat
on one or ore our out pace pad page pail pale pan pane par pare part pat pate pay pea peal pear pen per pet
pile pin pine pipe pit poke pole pond pone pore port pose post pot pure purse put race rag rage rail rake ram
rare rat rate read real rear red rid ride rile rim rime ripe rise road robe rod rode role rope rose rot rote
rub rube rude rue rug rule ruse rust sad safe sage said sale same sand sane sat sate save saw sea seal seat see
seed seem sell set she shore side sit site so soar sod soda sole some sore sort sow store stores stories sub
sue sum sure tab tale tame tap tape tar tare tart tea team tear ten the tide tie tile time tire to toe told
tole tome tone too tore torn tote tub tube tubed tubes tune turn wade wage wake wale war ward ware warm wart
was wave we wear web wed were wide wife wile wine wire wise woe word wore work worm worse worst wove yard yarn
""".split())

#: (start, goal) pairs the generic Solver is checked on; their optimum comes from the project's A*.
LADDERS: Tuple[Tuple[str, str], ...] = (
    ("horse", "nurse"), ("cube", "tubes"), ("cat", "dog"), ("cold", "warm"), ("stories", "shore"), ("a", "a"))


class Word(WordState):
    """A word on the way to ``goal`` (hw4's Word): neighbors one edit away in ``words`` (default :data:`WORDS`),
    estimate the edit distance, ``str()`` the word itself."""

    __slots__ = ()

    def __init__(self, word: str, goal: str, words: Optional[FrozenSet[str]] = None) -> None:
        super().__init__(word, goal, WORDS if words is None else words)

    def neighbors(self) -> List["Word"]:
        return [Word(word, self.goal, self.dictionary) for word in dictionary_neighbors(self.word, self.dictionary)]

    def __repr__(self) -> str:
        return f"Word({self.word!r}, {self.goal!r})"


@lru_cache(maxsize=32)
def optimal_ladder(start: str, goal: str) -> int:
    """The fewest moves from ``start`` to ``goal`` in :data:`WORDS` (-1: none), by the project's A*."""
    search = AStar(Word(start, goal))
    search.run()
    return len(search.path()) - 1
